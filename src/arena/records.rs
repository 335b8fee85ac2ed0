//! The arena's per-game records (`boardlab arena --records FILE`, one JSON object a line, see
//! [`crate::arena::GameResult::record_line`]) read back as one match: several runs of the same
//! two builds, with other seeds and so other openings, counted as one, so that an SPRT still
//! undecided at one run's cap is read on over the next runs game by game, as the match itself
//! would have gone on (`boardlab records`).

use crate::arena::stats::{MatchStats, Sprt, SprtDecision, SprtState};

/// One recorded game as seen from the bot a report is for (bot A).
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedGame {
    /// Bot A's points: 1, 0.5 or 0.
    pub a_points: f64,
    /// The game's setup string, as recorded (empty: the standard start).
    pub setup: String,
    /// The moves, opening included, in the game's notation.
    pub moves: Vec<String>,
    /// The names the record gives the two bots, bot A's first.
    pub names: [String; 2],
}

/// Reads one record line for the bot named `bot`: a record's `first` or `second` equal to
/// `bot`, or else the only one of the two that contains it (so that a distinctive part of a long
/// command names it). Errors, in words: a line that is not a JSON object with the string fields
/// `first`, `second`, `result` (`1-0`, `0-1` or `1/2-1/2`) and `moves`; a `bot` that names
/// neither player or both.
pub fn read_record(line: &str, bot: &str) -> Result<RecordedGame, String> {
    let value: serde_json::Value =
        serde_json::from_str(line).map_err(|e| format!("not a JSON record ({e})"))?;
    let field = |name: &str| {
        value
            .get(name)
            .and_then(serde_json::Value::as_str)
            .ok_or_else(|| format!("the record has no string field `{name}`"))
    };
    let (first, second) = (field("first")?, field("second")?);
    let first_points = match field("result")? {
        "1-0" => 1.0,
        "0-1" => 0.0,
        "1/2-1/2" => 0.5,
        other => {
            return Err(format!(
                "the result `{other}` is none of 1-0, 0-1 and 1/2-1/2"
            ))
        }
    };
    let a_first = if first == bot || second == bot {
        first == bot
    } else {
        match (first.contains(bot), second.contains(bot)) {
            (true, false) => true,
            (false, true) => false,
            (true, true) => {
                return Err(format!(
                    "`{bot}` is part of both players' names ({first} and {second}): name one \
                     in full"
                ))
            }
            (false, false) => {
                return Err(format!(
                    "`{bot}` names neither player ({first} and {second})"
                ))
            }
        }
    };
    let (a, b) = if a_first {
        (first, second)
    } else {
        (second, first)
    };
    Ok(RecordedGame {
        a_points: if a_first {
            first_points
        } else {
            1.0 - first_points
        },
        setup: value
            .get("setup")
            .and_then(serde_json::Value::as_str)
            .unwrap_or("")
            .to_string(),
        moves: field("moves")?
            .split_whitespace()
            .map(str::to_string)
            .collect(),
        names: [a.to_string(), b.to_string()],
    })
}

/// Records read as one match ([`read_records`]).
#[derive(Clone, Debug, Default)]
pub struct RecordsReport {
    /// The totals from bot A's side (no response times or faults: records do not keep them).
    pub stats: MatchStats,
    /// The first record's names, bot A's first.
    pub names: [String; 2],
    /// With an SPRT, the game at which its LLR first reached a bound, and which; the LLR after
    /// all the games may have gone back inside the bounds since.
    pub first_crossing: Option<SprtDecision>,
}

/// Reads `lines` (each with where it came from, such as `FILE:LINE`, for the error message) as
/// one match for the bot named `bot` (see [`read_record`]), in order; blank lines are skipped.
/// With `sprt`, notes where the test first reached a bound. Errors: the first line that
/// [`read_record`] refuses, with where it came from, or no record at all.
pub fn read_records(
    lines: impl IntoIterator<Item = (String, String)>,
    bot: &str,
    sprt: Option<&Sprt>,
) -> Result<RecordsReport, String> {
    let mut report = RecordsReport::default();
    for (place, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let game = read_record(&line, bot).map_err(|e| format!("{place}: {e}"))?;
        if report.stats.games() == 0 {
            report.names = game.names;
        }
        report.stats.count(game.a_points, game.setup, game.moves);
        if let (Some(t), None) = (sprt, report.first_crossing) {
            let state = report.stats.sprt(t);
            if state != SprtState::Continue {
                report.first_crossing = Some(SprtDecision {
                    state,
                    games: report.stats.games(),
                    llr: report.stats.llr(t),
                });
            }
        }
    }
    if report.stats.games() == 0 {
        return Err("no game records to read".to_string());
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(first: &str, second: &str, result: &str, moves: &str) -> String {
        serde_json::json!({
            "game": "connect4", "setup": "", "moves": moves, "first": first,
            "second": second, "result": result, "verdict": "",
        })
        .to_string()
    }

    #[test]
    fn a_game_is_scored_for_the_named_bot_whichever_colour_it_had() {
        let won_as_second = read_record(&line("old bot", "new bot", "0-1", "4 4"), "new bot");
        assert_eq!(won_as_second.unwrap().a_points, 1.0);
        let lost_as_first = read_record(&line("new bot", "old bot", "0-1", "4 4"), "new bot");
        let game = lost_as_first.unwrap();
        assert_eq!(game.a_points, 0.0);
        assert_eq!(game.names, ["new bot".to_string(), "old bot".to_string()]);
        assert_eq!(game.moves, ["4", "4"]);
        let drawn = read_record(&line("old bot", "new bot", "1/2-1/2", ""), "new bot");
        assert_eq!(drawn.unwrap().a_points, 0.5);
    }

    #[test]
    fn a_part_of_a_name_names_the_bot_when_it_is_in_one_name_only() {
        let game = read_record(&line("/b/new bot x", "/b/old bot x", "1-0", ""), "new");
        assert_eq!(game.unwrap().a_points, 1.0);
        // A full name wins over a part of the other name.
        let exact = read_record(&line("new", "renew", "1-0", ""), "new");
        assert_eq!(exact.unwrap().a_points, 1.0);
        let both = read_record(&line("/b/new bot x", "/b/old bot x", "1-0", ""), "bot");
        assert!(both.unwrap_err().contains("both"));
        let neither = read_record(&line("new", "old", "1-0", ""), "main");
        assert!(neither.unwrap_err().contains("neither"));
    }

    #[test]
    fn a_broken_record_is_refused_with_the_reason() {
        assert!(read_record("{\"first\":", "a")
            .unwrap_err()
            .contains("JSON"));
        let no_result = r#"{"first":"a","second":"b","moves":""}"#;
        assert!(read_record(no_result, "a").unwrap_err().contains("result"));
        let odd_result = line("a", "b", "2-0", "");
        assert!(read_record(&odd_result, "a").unwrap_err().contains("2-0"));
    }

    #[test]
    fn runs_read_as_one_match_and_the_first_crossing_is_kept() {
        let t = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        // 300 wins for the new bot, one a game, each from another opening, then 300 losses.
        let lines = (0..600).map(|i| {
            let result = if (i < 300) == (i % 2 == 0) {
                "1-0"
            } else {
                "0-1"
            };
            let (first, second) = if i % 2 == 0 {
                ("new", "old")
            } else {
                ("old", "new")
            };
            (
                format!("r:{}", i + 1),
                line(first, second, result, &i.to_string()),
            )
        });
        let report = read_records(lines, "new", Some(&t)).unwrap();
        assert_eq!(
            (report.stats.wins, report.stats.draws, report.stats.losses),
            (300, 0, 300)
        );
        assert_eq!(report.stats.distinct_games(), 600);
        let crossing = report.first_crossing.expect("300 straight wins accept H1");
        assert_eq!(crossing.state, SprtState::AcceptH1);
        assert!(crossing.games >= 20 && crossing.games < 300, "{crossing:?}");
        // The LLR after all 600 games has fallen back: an even score.
        assert!(report.stats.llr(&t) < t.upper());
    }

    #[test]
    fn a_bad_line_is_named_by_its_place() {
        let lines = vec![
            ("a.jsonl:1".to_string(), line("new", "old", "1-0", "")),
            ("a.jsonl:2".to_string(), "garbage".to_string()),
        ];
        let err = read_records(lines, "new", None).unwrap_err();
        assert!(err.starts_with("a.jsonl:2: "), "{err}");
        assert!(read_records(Vec::new(), "new", None).is_err());
    }
}
