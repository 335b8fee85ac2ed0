//! The settings of the MCTS search, and reading changes to them from text (`--mcts
//! name=value,...` on the command line).

/// The knobs of the search. The default is the setting tuned for Amazons in the arena.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// The UCT exploration constant `c`, for values in 0..1.
    pub exploration: f64,
    /// Random plies played from a new leaf before the evaluation scores the position. 0: the
    /// leaf's own evaluation (computed when it was generated) is the playout's result.
    pub playout_plies: u32,
    /// Virtual playouts each child starts with at its static evaluation's winning chance. 0:
    /// the evaluation only orders the children.
    pub prior_visits: f64,
    /// Progressive widening: a node visited `n` times chooses among its first `widen_base +
    /// n^widen_exponent` children (best static evaluation first).
    pub widen_base: f64,
    /// See [`MctsConfig::widen_base`]; 1 or more never narrows.
    pub widen_exponent: f64,
    /// Visits a leaf needs before its children are generated (at least 1).
    pub expand_after: u32,
    /// Evaluation units taken from the side to move's score before it becomes a winning chance.
    /// Evaluations that favour the side to move (Amazons counts contested squares for it) make
    /// leaves an even number of plies down look better than odd ones; this evens them out.
    pub tempo: f64,
    /// Milliseconds between two reports while searching; `None`: no report until the end.
    pub report_ms: Option<u64>,
    /// Seed of the playouts' random generator.
    pub seed: u64,
    /// Keep the part of the last search's tree that the new position is found in (the same
    /// position, or one or two plies below its root: after our move and the reply).
    pub reuse_tree: bool,
    /// Root parallelism ([`super::Mcts::set_threads`]): the helper threads add to each new
    /// child's prior a uniform noise of this spread (a winning chance, `prior ± helper_noise`),
    /// each from its own seed. Without it a search whose leaves are evaluations (no random
    /// playout plies, Amazons' setting) grows the same tree on every thread. The main thread
    /// never adds noise.
    pub helper_noise: f64,
    /// How a search on several threads ([`super::Mcts::set_threads`]) shares the work.
    pub parallel: Parallel,
}

/// The scheme of a search on several threads (Chaslot, Winands and van den Herik, "Parallel
/// Monte-Carlo Tree Search", 2008).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parallel {
    /// Tree parallelism: one tree shared by every thread under a lock, with a virtual loss on
    /// the nodes a thread is walking through (`mcts/shared.rs`).
    Tree,
    /// Root parallelism: a tree per thread, the root moves' visits merged (`mcts/parallel.rs`).
    Root,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: 0.3,
            playout_plies: 0,
            prior_visits: 4.0,
            widen_base: 2.0,
            widen_exponent: 0.5,
            expand_after: 1,
            tempo: 0.0,
            report_ms: None,
            seed: 0x4D43_5453,
            reuse_tree: true,
            helper_noise: 0.05,
            parallel: Parallel::Tree,
        }
    }
}

impl MctsConfig {
    /// The tuned setting of game `name` (see the README's measured strength): Yavalath plays its
    /// win/loss-aware playouts to the end of the game (an MCTS-Solver in the style of the
    /// published Yavalath programs) with a wider exploration; every other game takes
    /// [`MctsConfig::default`], Amazons' setting.
    pub fn for_game(name: &str) -> Self {
        match name {
            "yavalath" => MctsConfig {
                exploration: 0.5,
                playout_plies: 61,
                prior_visits: 2.0,
                ..MctsConfig::default()
            },
            _ => MctsConfig::default(),
        }
    }

    /// This configuration with `overrides` applied: comma-separated `name=value` pairs, names
    /// as the fields (`exploration=0.7,playout_plies=2`). Errors: an unknown name or a value
    /// that does not read or is out of range.
    pub fn with_overrides(mut self, overrides: &str) -> Result<Self, String> {
        for pair in overrides
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("MCTS setting '{pair}': write name=value"))?;
            let (name, value) = (name.trim(), value.trim());
            let number = || {
                value
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite() && *v >= 0.0)
                    .ok_or_else(|| format!("MCTS setting {name}: '{value}' is not a number >= 0"))
            };
            let whole = || {
                value
                    .parse::<u64>()
                    .map_err(|_| format!("MCTS setting {name}: '{value}' is not a whole number"))
            };
            match name {
                "exploration" => self.exploration = number()?,
                "playout_plies" => self.playout_plies = whole()?.min(1000) as u32,
                "prior_visits" => self.prior_visits = number()?,
                "widen_base" => self.widen_base = number()?,
                "widen_exponent" => self.widen_exponent = number()?,
                "expand_after" => self.expand_after = whole()?.clamp(1, 1_000_000) as u32,
                "tempo" => self.tempo = number()?,
                "helper_noise" => self.helper_noise = number()?.min(1.0),
                "seed" => self.seed = whole()?,
                "parallel" => {
                    self.parallel = match value {
                        "tree" => Parallel::Tree,
                        "root" => Parallel::Root,
                        _ => {
                            return Err(format!(
                                "MCTS setting {name}: '{value}' is not tree or root"
                            ))
                        }
                    }
                }
                "reuse_tree" => {
                    self.reuse_tree = match value {
                        "true" | "1" => true,
                        "false" | "0" => false,
                        _ => {
                            return Err(format!(
                                "MCTS setting {name}: '{value}' is not true or false"
                            ))
                        }
                    }
                }
                other => {
                    return Err(format!(
                        "unknown MCTS setting '{other}' (known: exploration, playout_plies, \
                         prior_visits, widen_base, widen_exponent, expand_after, tempo, seed, \
                         reuse_tree, helper_noise, parallel)"
                    ))
                }
            }
        }
        Ok(self)
    }
}
