//! Turning a front door's time limits into [`Limits`]: the one place that knows the default think
//! budget, its bounds and the reserves, as Stockfish's `timeman.cpp` alone turns limits into time.
//! The reserve inside the search (what follows its last clock check) is [`Limits::stop_at_ms`];
//! the rules here only choose `time_ms`, the deadline the whole search must return within.

use super::Limits;

/// The think budget when a caller names none (the playground's default), in ms.
pub const DEFAULT_BUDGET_MS: u64 = 1000;

/// The shortest think budget [`Limits::from_budget_ms`] gives, in ms: below it the search ends
/// before its first iteration has a chance to complete on a slow machine.
pub const MIN_BUDGET_MS: u64 = 10;

/// The longest think budget [`Limits::from_budget_ms`] gives, in ms (ten minutes): a typo on the
/// page must not freeze a worker for hours.
pub const MAX_BUDGET_MS: u64 = 600_000;

/// A clock-based budget keeps this much of the remaining time untouched, in ms, for the engine's
/// reply to travel to the match runner, which a search's own reserve does not cover.
pub const CLOCK_RESERVE_MS: u64 = 20;

/// Why a think budget was refused.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BudgetError(
    /// The value given, in ms.
    pub f64,
);

impl std::fmt::Display for BudgetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("budget_ms must be a finite number of milliseconds")
    }
}

impl std::error::Error for BudgetError {}

impl Limits {
    /// The limits of a think budget `budget_ms` (ms; may be fractional): `None` is
    /// [`DEFAULT_BUDGET_MS`], anything else is clamped to [`MIN_BUDGET_MS`]..=[`MAX_BUDGET_MS`]
    /// (a negative budget gives the minimum). The search keeps its own reserve inside that time
    /// ([`Limits::stop_at_ms`]), so it returns within the budget. Errors: a NaN or infinite
    /// budget, which has no sensible clamp.
    pub fn from_budget_ms(budget_ms: Option<f64>) -> Result<Limits, BudgetError> {
        let budget = budget_ms.unwrap_or(DEFAULT_BUDGET_MS as f64);
        if !budget.is_finite() {
            return Err(BudgetError(budget));
        }
        Ok(Limits::time(
            budget.clamp(MIN_BUDGET_MS as f64, MAX_BUDGET_MS as f64) as u64,
        ))
    }

    /// The limits of a fixed time for this move (UAI `movetime`), in ms: the search may use all
    /// of it ([`Limits::fixed_time`]) and stops with [`Limits::stop_at_ms`]'s reserve of 1/20
    /// (2 to 50 ms), so it answers within the last 5 % of `ms` and never after it. No clamp: a
    /// match runner's limit is obeyed as given (at least 1 ms).
    pub fn from_movetime_ms(ms: u64) -> Limits {
        Limits {
            fixed_time: true,
            ..Limits::time(ms.max(1))
        }
    }

    /// The limits for one move from a clock holding `time_ms` with `inc_ms` added per move:
    /// `time/25 + inc*3/4` (about 25 moves still to play, most of the increment spent now), at
    /// most half the remaining time, less [`CLOCK_RESERVE_MS`]; at least 1 ms. The search may
    /// stop early when the next iteration would not end in time, saving clock for later moves.
    pub fn from_clock_ms(time_ms: u64, inc_ms: u64) -> Limits {
        let budget = (time_ms / 25 + inc_ms * 3 / 4).min(time_ms / 2);
        Limits::time(budget.saturating_sub(CLOCK_RESERVE_MS).max(1))
    }
}

/// The smallest reserve a bot keeps below its nominal turn budget, in ms (its clock checks and
/// output cost well under this on an idle machine).
pub const TURN_RESERVE_FLOOR_MS: u64 = 2;

/// The largest adaptive reserve, in ms: at it the search gets about 10 ms of an 80 ms nominal
/// turn (Amazons' MCTS still expands the root and plays its best prior).
pub const TURN_RESERVE_CEILING_MS: u64 = 70;

/// The reserve as a multiple of the excess the bot sees: the excess it cannot see (the
/// wake-ups on either side of the pipe) is about as large again, and more.
pub const TURN_EXCESS_FACTOR: f64 = 2.5;

/// How much of the worst excess seen survives each later turn (0.95: half of it after about 14
/// turns), so a burst of load keeps the reserve wide for a while and an idle spell narrows it.
pub const TURN_EXCESS_DECAY: f64 = 0.95;

/// The reserve a bot keeps between its search's deadline and its nominal turn budget, adapted
/// to what its own turns lose outside the search: the time from the turn's input being complete
/// to its answer being flushed, less the time the search was told it could take. Scheduling
/// delays on a loaded machine, page faults of a growing tree, the last iteration and the output
/// all show up in that excess, which no clock inside the search can see. What the bot cannot
/// see at all (its wake-up after the referee writes, the referee's own wake-up to read the
/// answer) grows with the same load: in the arena at a load of 11 to 15 on 2 cores, the bot's
/// own turns stayed under 93 ms while the referee counted some past 100 ms. So the reserve is
/// [`TURN_EXCESS_FACTOR`] times a slowly decaying maximum of the excess, from
/// [`TURN_RESERVE_FLOOR_MS`] to [`TURN_RESERVE_CEILING_MS`]: it widens at once when a turn
/// overshoots and narrows over tens of quiet turns. The same rule serves every CodinGame bot (`protocol::serve_turns`).
#[derive(Clone, Copy, Debug)]
pub struct TurnReserve {
    /// The decaying maximum of the excess, in ms.
    excess_ms: f64,
}

impl TurnReserve {
    /// A reserve that has seen no turn: the floor.
    pub fn new() -> TurnReserve {
        TurnReserve { excess_ms: 0.0 }
    }

    /// The reserve for the next turn, in ms.
    pub fn reserve_ms(&self) -> u64 {
        ((self.excess_ms * TURN_EXCESS_FACTOR).ceil() as u64)
            .clamp(TURN_RESERVE_FLOOR_MS, TURN_RESERVE_CEILING_MS)
    }

    /// The search budget of a turn whose nominal budget is `nominal_ms` and which has spent
    /// `spent_ms` already (reading, rebuilding the position): the nominal budget less both and
    /// less the reserve, at least 1 ms.
    pub fn budget_ms(&self, nominal_ms: u64, spent_ms: u64) -> u64 {
        nominal_ms
            .saturating_sub(spent_ms + self.reserve_ms())
            .max(1)
    }

    /// Records a turn that was planned to end `planned_ms` after its input was complete (the
    /// time spent before the search plus the search's budget) and whose answer was flushed
    /// `wall_ms` after it (both in ms, fractional). A turn that ended early records no excess.
    pub fn observe(&mut self, planned_ms: f64, wall_ms: f64) {
        let excess = (wall_ms - planned_ms).max(0.0);
        self.excess_ms = excess.max(self.excess_ms * TURN_EXCESS_DECAY);
    }
}
