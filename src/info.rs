//! What a front door (the page, through wasm `game_info`) needs to know about a game's engines
//! beyond its rules: which engines play it and which by default, how its evaluation units map to
//! a winning chance, the think-budget and table-size bounds, and the draw rules of its setups.
//! The page shows these facts; it does not restate them.
//!
//! [`game_info`] gathers them for one game; the per-game facts are the `*_FACTS` constants below,
//! one per game.

use crate::search::EngineKind;

pub use crate::search::budget::{DEFAULT_BUDGET_MS, MAX_BUDGET_MS, MIN_BUDGET_MS};

/// The transposition table (MCTS: tree) size the browser uses unless told otherwise, in MiB
/// (fits a phone).
pub const DEFAULT_TT_MIB: usize = 16;
/// The largest transposition table (MCTS: tree) the browser may ask for, in MiB.
pub const MAX_TT_MIB: usize = 32;

/// The games the browser build searches with MCTS too (each game's MCTS is its own compiled
/// code: the others keep the wasm small). The native build has MCTS for every game.
pub const BROWSER_MCTS_GAMES: &[&str] = &["amazons"];

/// The facts of one game that are not rules: see each field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameFacts {
    /// The game's name (as in [`crate::games::NAMES`]).
    pub game: &'static str,
    /// The draw rule sets the game's setups play under (one for most games).
    pub draw_rules: &'static [DrawRules],
}

/// A set of draw rules and the setups that play under it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DrawRules {
    /// A short id, e.g. `codingame` or `engine` (Ataxx).
    pub id: &'static str,
    /// Which setups play under it, in words.
    pub setups: &'static str,
    /// The rules in one line, e.g. "CodinGame rules: draw at 300 turns or a third repetition".
    pub note: &'static str,
}

/// Yavalath: about 60 units per open threat.
pub const YAVALATH_FACTS: GameFacts = GameFacts {
    game: "yavalath",
    draw_rules: &[DrawRules {
        id: "full",
        setups: "every setup",
        note: "Draw when the board fills without a four",
    }],
};

/// Connect 4.
pub const CONNECT4_FACTS: GameFacts = GameFacts {
    game: "connect4",
    draw_rules: &[DrawRules {
        id: "full",
        setups: "every setup",
        note: "Draw when the board fills without a four",
    }],
};

/// Ataxx: 100 units are one stone, so a two-stone lead is about a 73 % winning chance. The rule
/// sets are [`crate::games::ataxx::Rules`]: their limits are
/// [`crate::games::ataxx::CG_TURN_LIMIT`] and [`crate::games::ataxx::HALFMOVE_LIMIT`].
pub const ATAXX_FACTS: GameFacts = GameFacts {
    game: "ataxx",
    draw_rules: &[
        DrawRules {
            id: "codingame",
            setups: "the standard start, walls:SEED and cg:FEN",
            note: "CodinGame rules: draw at 300 turns or a third repetition",
        },
        DrawRules {
            id: "engine",
            setups: "a plain FEN",
            note: "Engine rules (plain FEN): draw after 100 plies without a spawn",
        },
    ],
};

/// Amazons: 16 units are about one square of territory, so three squares' lead is about a 73 %
/// winning chance.
pub const AMAZONS_FACTS: GameFacts = GameFacts {
    game: "amazons",
    draw_rules: &[DrawRules {
        id: "none",
        setups: "every setup",
        note: "No draws: a side that cannot move loses",
    }],
};

/// The facts of the game called `name`, or None for an unknown name.
pub fn facts(name: &str) -> Option<GameFacts> {
    [YAVALATH_FACTS, CONNECT4_FACTS, ATAXX_FACTS, AMAZONS_FACTS]
        .into_iter()
        .find(|f| f.game == name)
}

/// The id of the draw rules (one of the game's [`GameFacts::draw_rules`]) that `pos` plays under:
/// the position's own answer where its setups differ ([`crate::game::Display::draw_rules_id`]),
/// else the game's one set.
pub fn draw_rules_of<G: crate::game::Display>(pos: &G) -> &'static str {
    pos.draw_rules_id()
        .or_else(|| {
            facts(G::NAME)
                .and_then(|f| f.draw_rules.first())
                .map(|r| r.id)
        })
        .unwrap_or("none")
}

/// An engine a front door may offer for a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct EngineInfo {
    /// The engine's name as the search options spell it: `alphabeta` or `mcts`.
    pub id: &'static str,
    /// Its name for people, e.g. "Alpha-beta".
    pub label: &'static str,
}

/// Think-budget bounds, in milliseconds: a search asked for less than `min` or more than `max`
/// gets `min` or `max`; one asked for nothing gets `default`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct BudgetInfo {
    /// [`MIN_BUDGET_MS`].
    pub min: u64,
    /// [`MAX_BUDGET_MS`].
    pub max: u64,
    /// [`DEFAULT_BUDGET_MS`].
    pub default: u64,
}

/// Table-size bounds, in MiB: the size used unless told otherwise, and the largest allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TableInfo {
    /// [`DEFAULT_TT_MIB`].
    pub default: usize,
    /// [`MAX_TT_MIB`].
    pub max: usize,
}

/// Everything [`game_info`] says about a game. As JSON (the wasm `game_info`): `{game, engines
/// [{id, label}], default_engine, score_scale, budget_ms {min, max, default}, tt_mib {default,
/// max}, draw_rules [{id, setups, note}]}`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GameInfo {
    /// The game's name.
    pub game: &'static str,
    /// The engines the browser build can search this game with (the default among them); two or
    /// more make a choice worth offering.
    pub engines: Vec<EngineInfo>,
    /// The engine that plays unless another is picked, chosen by arena measurement: one of
    /// `engines`' ids.
    pub default_engine: &'static str,
    /// Evaluation units at which the winning-chance curve `1 / (1 + e^(-score / scale))` gives
    /// about 73 % (`score == scale`): the game's [`crate::game::Evaluate::WIN_CHANCE_SCALE`].
    pub score_scale: u32,
    /// The think budget's bounds and default.
    pub budget_ms: BudgetInfo,
    /// The table size's default and cap.
    pub tt_mib: TableInfo,
    /// The draw rules of the game's setups.
    pub draw_rules: Vec<DrawRules>,
}

/// The label of an engine, for people.
pub fn engine_label(kind: EngineKind) -> &'static str {
    match kind {
        EngineKind::AlphaBeta => "Alpha-beta",
        EngineKind::Mcts => "MCTS (UCT)",
    }
}

/// The engines the browser build searches game `name` with: alpha-beta, and MCTS for
/// [`BROWSER_MCTS_GAMES`].
pub fn browser_engines(name: &str) -> Vec<EngineKind> {
    let mut engines = vec![EngineKind::AlphaBeta];
    if BROWSER_MCTS_GAMES.contains(&name) {
        engines.push(EngineKind::Mcts);
    }
    engines
}

/// The facts about game `name` (see [`GameInfo`]), or None if no game has that name.
pub fn game_info(name: &str) -> Option<GameInfo> {
    let facts = facts(name)?;
    Some(GameInfo {
        game: facts.game,
        engines: browser_engines(name)
            .into_iter()
            .map(|kind| EngineInfo {
                id: kind.name(),
                label: engine_label(kind),
            })
            .collect(),
        default_engine: crate::with_game!(name, G => <G as crate::game::Evaluate>::DEFAULT_ENGINE, _other => EngineKind::AlphaBeta).name(),
        score_scale: crate::with_game!(name, G => <G as crate::game::Evaluate>::WIN_CHANCE_SCALE, _other => 100.0) as u32,
        budget_ms: BudgetInfo {
            min: MIN_BUDGET_MS,
            max: MAX_BUDGET_MS,
            default: DEFAULT_BUDGET_MS,
        },
        tt_mib: TableInfo {
            default: DEFAULT_TT_MIB,
            max: MAX_TT_MIB,
        },
        draw_rules: facts.draw_rules.to_vec(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn every_game_has_info_and_its_default_engine_is_offered() {
        for &name in crate::games::NAMES {
            let info = game_info(name).unwrap_or_else(|| panic!("no info for {name}"));
            assert_eq!(info.game, name);
            assert!(
                info.engines.iter().any(|e| e.id == info.default_engine),
                "{name}"
            );
            assert!(info.score_scale > 0);
            assert!(!info.draw_rules.is_empty());
            assert!(
                info.budget_ms.min <= info.budget_ms.default
                    && info.budget_ms.default <= info.budget_ms.max
            );
            assert!(info.tt_mib.default <= info.tt_mib.max);
        }
        assert_eq!(game_info("chess"), None);
    }

    #[test]
    fn the_page_facts_are_the_ones_it_used_to_restate() {
        let amazons = game_info("amazons").unwrap();
        assert_eq!(amazons.default_engine, "mcts");
        assert_eq!(
            amazons.engines.iter().map(|e| e.id).collect::<Vec<_>>(),
            ["alphabeta", "mcts"]
        );
        assert_eq!(amazons.score_scale, 48);
        let ataxx = game_info("ataxx").unwrap();
        assert_eq!(ataxx.default_engine, "alphabeta");
        assert_eq!(ataxx.engines.len(), 1);
        assert_eq!(ataxx.score_scale, 200);
        assert_eq!(
            ataxx.draw_rules.iter().map(|r| r.id).collect::<Vec<_>>(),
            ["codingame", "engine"]
        );
        assert_eq!(game_info("yavalath").unwrap().score_scale, 100);
        assert_eq!(
            (
                amazons.budget_ms.min,
                amazons.budget_ms.max,
                amazons.budget_ms.default
            ),
            (10, 600_000, 1_000)
        );
        assert_eq!((amazons.tt_mib.default, amazons.tt_mib.max), (16, 32));
    }

    #[test]
    fn the_ataxx_draw_rules_follow_the_setup() {
        use crate::games::ataxx::{CG_TURN_LIMIT, HALFMOVE_LIMIT};
        use crate::games::Ataxx;
        let cg = Ataxx::from_setup("").unwrap();
        assert_eq!(draw_rules_of(&cg), "codingame");
        let fen = Ataxx::from_setup("x5o/7/7/7/7/7/o5x x 0 1").unwrap();
        assert_eq!(draw_rules_of(&fen), "engine");
        // The notes name the limits the rules use.
        assert!(ATAXX_FACTS.draw_rules[0]
            .note
            .contains(&CG_TURN_LIMIT.to_string()));
        assert!(ATAXX_FACTS.draw_rules[1]
            .note
            .contains(&HALFMOVE_LIMIT.to_string()));
        assert_eq!(draw_rules_of(&crate::games::Amazons::start()), "none");
    }

    #[cfg(feature = "serde")]
    #[test]
    fn game_info_serialises_with_the_names_the_page_reads() {
        let json = serde_json::to_value(game_info("ataxx").unwrap()).unwrap();
        for key in [
            "game",
            "engines",
            "default_engine",
            "score_scale",
            "budget_ms",
            "tt_mib",
            "draw_rules",
        ] {
            assert!(json.get(key).is_some(), "{key} missing from {json}");
        }
        assert_eq!(json["budget_ms"]["max"], 600_000);
        assert_eq!(json["draw_rules"][1]["id"], "engine");
    }
}
