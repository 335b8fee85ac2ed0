//! `boardlab arena`: refereed matches between two CodinGame bot commands, with openings, SPRT,
//! per-game records and a progress bar.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;

use boardlab::{arena, with_game};

use super::{game_names, Failure};

#[derive(Args)]
pub struct ArenaArgs {
    #[arg(value_parser = game_names())]
    pub game: String,
    /// Bot A (the one the score is for): `engine`, `alphabeta`, `mcts`, a baseline's name, a
    /// shell command speaking the CodinGame protocol, or (Ataxx) `uai:<command>`, a UAI engine.
    pub bot_a: String,
    /// Bot B.
    pub bot_b: String,
    /// Games to play, rounded up to whole matches (Amazons: 2 games) [default: 100, or
    /// with --openings each opening once with each colour].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: Option<u32>,
    /// Games at once (default: the number of cores).
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// Time limit of a bot's first turn of each game, ms.
    #[arg(long, default_value_t = 1000)]
    pub first_ms: u64,
    /// Time limit of later turns, ms.
    #[arg(long, default_value_t = 100)]
    pub turn_ms: u64,
    /// UAI engines (`uai:<command>`): `go movetime MS` every move [default: --turn-ms].
    #[arg(long, conflicts_with = "tc")]
    pub movetime: Option<u64>,
    /// UAI engines: a clock per colour and game, `TIME+INC` in ms (e.g. `10000+100`), sent as
    /// `go btime wtime binc winc` (b = x, the first player).
    #[arg(long)]
    pub tc: Option<String>,
    /// UAI engines: the grace past the movetime or the remaining clock before a timeout, ms.
    #[arg(long, default_value_t = 100)]
    pub uai_margin: u64,
    /// UAI engines: a node count per move instead of the time control, `A,B` for bot A and bot
    /// B (one may be empty: `,90000` gives bot B alone a count), sent as `go nodes N`; such a
    /// search does not depend on the machine's load. Its timeout is --uai-node-ms.
    #[arg(long)]
    pub uai_nodes: Option<String>,
    /// UAI engines with --uai-nodes: the hang guard, ms without a `bestmove` before a timeout.
    #[arg(long, default_value_t = 60_000)]
    pub uai_node_ms: u64,
    /// Random opening plies the referee plays before the bots take over [default: 1 for
    /// Yavalath and Connect 4, so the second bot decides the steal; 2 for Amazons and
    /// Ataxx].
    #[arg(long, conflicts_with = "openings")]
    pub opening_plies: Option<u32>,
    /// Ataxx: a seeded wall layout per opening (setup `walls:N`, symmetric under both
    /// mirrors, corners free) instead of the empty board.
    #[arg(long, conflicts_with = "openings")]
    pub walls: bool,
    /// An opening file: one opening per line, the moves in the game's notation (as the
    /// playground writes them) separated by spaces, optionally preceded by a setup and
    /// `|` (e.g. `seed:42 | a3a4a3`); blank lines and `#` comments are skipped.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Seed of the random openings, of Amazons' starts and Ataxx's walls, and of the
    /// referee's random moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// SPRT as `elo0,elo1,alpha,beta` (e.g. `0,10,0.05,0.05`), H0 "bot A is elo0 Elo
    /// stronger" against H1 "elo1 stronger": stop once decided (not before 20 games).
    #[arg(long, value_parser = parse_sprt)]
    pub sprt: Option<arena::stats::Sprt>,
    /// Append one JSON line per game to this file: game, setup, moves (the playground's
    /// notation), first, second, result, verdict.
    #[arg(long)]
    pub records: Option<PathBuf>,
}

pub fn run(args: ArenaArgs) -> Result<(), Failure> {
    let sprt = args.sprt;
    let time = match (&args.tc, args.movetime) {
        (Some(tc), _) => parse_tc(tc).map_err(Failure::BadArgument)?,
        (None, movetime) => arena::UaiTime::MoveTime(movetime.unwrap_or(args.turn_ms)),
    };
    let config = arena::MatchConfig {
        games: args.games.unwrap_or(100),
        concurrency: args
            .concurrency
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        limits: arena::TimeLimits {
            first_turn_ms: args.first_ms,
            turn_ms: args.turn_ms,
        },
        uai: arena::UaiLimits {
            time,
            margin_ms: args.uai_margin,
            nodes: match &args.uai_nodes {
                Some(text) => parse_uai_nodes(text).map_err(Failure::BadArgument)?,
                None => [None, None],
            },
            node_guard_ms: args.uai_node_ms,
            ..Default::default()
        },
        seed: args.seed,
        seeded: [false, false],
        sprt,
    };
    let source = OpeningSource {
        file: args.openings,
        plies: args.opening_plies,
        walls: args.walls,
        games_given: args.games.is_some(),
    };
    let (game, bots) = (
        args.game.as_str(),
        [args.bot_a.as_str(), args.bot_b.as_str()],
    );
    let uai_bots = bots.iter().any(|b| b.starts_with(arena::UAI_PREFIX));
    if uai_bots && game != "ataxx" {
        return Err(Failure::BadArgument(format!(
            "uai: bots play Ataxx only, not {game}"
        )));
    }
    for (b, name) in ["A", "B"].iter().enumerate() {
        if config.uai.nodes[b].is_some() && !bots[b].starts_with(arena::UAI_PREFIX) {
            return Err(Failure::BadArgument(format!(
                "--uai-nodes gives bot {name} a node count, but it is not a uai: engine"
            )));
        }
    }
    let result = with_game!(game,
        G => run_arena::<G>(game, bots, config, &source, args.records),
        other => Err(format!("the arena has no referee for {other} yet")));
    Ok(result?)
}

/// Reads `TIME+INC` (ms; `TIME` alone: no increment).
fn parse_tc(text: &str) -> Result<arena::UaiTime, String> {
    let (time, inc) = text.split_once('+').unwrap_or((text, "0"));
    match (time.trim().parse::<u64>(), inc.trim().parse::<u64>()) {
        (Ok(time_ms), Ok(inc_ms)) if time_ms > 0 => Ok(arena::UaiTime::Clock { time_ms, inc_ms }),
        _ => Err(format!(
            "--tc '{text}': expected TIME+INC in ms, e.g. 10000+100"
        )),
    }
}

/// Reads `A,B`, the node counts of bot A and bot B (either may be empty: no count for it).
fn parse_uai_nodes(text: &str) -> Result<[Option<u64>; 2], String> {
    let bad = || {
        format!("--uai-nodes '{text}': expected A,B, node counts above 0 (one may be empty), e.g. 170000,90000")
    };
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let count = |f: &str| match f.trim() {
        "" => Ok(None),
        n => n
            .parse::<u64>()
            .ok()
            .filter(|&n| n > 0)
            .map(Some)
            .ok_or_else(bad),
    };
    let nodes = [count(a)?, count(b)?];
    if nodes == [None, None] {
        return Err(bad());
    }
    Ok(nodes)
}

/// `boardlab records`: arena records read back as one match.
#[derive(Args)]
pub struct RecordsArgs {
    /// Record files of `boardlab arena --records`, read in the order given, each game by game.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The bot the score is for: a record's `first` or `second` as the arena wrote it (the bot's
    /// argument to the arena), or a part of it found in that name alone.
    #[arg(long)]
    pub bot: String,
    /// SPRT as `elo0,elo1,alpha,beta`, as the arena's: the LLR after all games, and the game at
    /// which it first reached a bound.
    #[arg(long, value_parser = parse_sprt)]
    pub sprt: Option<arena::stats::Sprt>,
}

pub fn records(args: RecordsArgs) -> Result<(), Failure> {
    let sprt = args.sprt;
    let mut lines = Vec::new();
    for path in &args.files {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        lines.extend(
            text.lines()
                .enumerate()
                .map(|(i, l)| (format!("{}:{}", path.display(), i + 1), l.to_string())),
        );
    }
    let report = arena::records::read_records(lines, &args.bot, sprt.as_ref())?;
    let names = [report.names[0].as_str(), report.names[1].as_str()];
    let mut out = io::stdout();
    arena::write_score(&mut out, names, &report.stats, sprt.as_ref()).map_err(|e| e.to_string())?;
    if sprt.is_some() {
        let crossing = match report.first_crossing {
            Some(d) => format!("{} at game {} (LLR {:.2})", d.state.name(), d.games, d.llr),
            None => "never".to_string(),
        };
        writeln!(out, "first crossing of a bound: {crossing}").map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Reads `elo0,elo1,alpha,beta`.
fn parse_sprt(text: &str) -> Result<arena::stats::Sprt, String> {
    let v: Vec<f64> = text
        .split(',')
        .map(|f| f.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .map_err(|_| "expected four numbers elo0,elo1,alpha,beta".to_string())?;
    match v[..] {
        [elo0, elo1, alpha, beta]
            if alpha > 0.0 && alpha < 1.0 && beta > 0.0 && beta < 1.0 && elo1 > elo0 =>
        {
            Ok(arena::stats::Sprt {
                elo0,
                elo1,
                alpha,
                beta,
            })
        }
        _ => Err("expected elo0 < elo1 and alpha, beta in (0, 1)".to_string()),
    }
}

/// A bot argument as a shell command: BoardLab's own bots by name, anything else as given.
/// The flag says whether the command takes `--seed N` (the baselines), which the arena then
/// sets per match so their games differ.
fn bot_command(game: &str, bot: &str) -> (String, bool) {
    let exe = std::env::current_exe()
        .map(|p| p.display().to_string())
        .unwrap_or_else(|_| "boardlab".into());
    match bot {
        "engine" => (format!("'{exe}' bot {game}"), false),
        "alphabeta" | "mcts" => (format!("'{exe}' bot {game} --engine {bot}"), false),
        kind if boardlab::baseline::KINDS.contains(&kind) => {
            (format!("'{exe}' bot {game} --player {kind}"), true)
        }
        command => (command.to_string(), false),
    }
}

/// Where the arena's openings come from (the `--openings`, `--opening-plies` and `--walls`
/// options).
struct OpeningSource {
    file: Option<PathBuf>,
    plies: Option<u32>,
    walls: bool,
    /// `--games` was given: with a file, cycle through it for that many games.
    games_given: bool,
}

/// The openings of a match, and the games to play when the file sets them.
fn arena_openings<G: arena::CgReferee>(
    source: &OpeningSource,
    config: &mut arena::MatchConfig,
) -> Result<Vec<arena::Opening<G>>, String> {
    if let Some(path) = &source.file {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let openings =
            arena::parse_openings::<G>(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        if !source.games_given {
            config.games = 2 * openings.len() as u32;
        }
        return Ok(openings);
    }
    if source.walls && G::NAME != "ataxx" {
        return Err("--walls applies to Ataxx only".into());
    }
    Ok(arena::random_openings::<G>(
        arena::openings_needed::<G>(config.games),
        source.plies.unwrap_or(G::DEFAULT_OPENING_PLIES),
        G::DEALT_BY_DEFAULT || source.walls,
        config.seed,
    ))
}

fn run_arena<G: arena::CgReferee>(
    game: &str,
    bots: [&str; 2],
    mut config: arena::MatchConfig,
    source: &OpeningSource,
    records: Option<PathBuf>,
) -> Result<(), String> {
    let openings = arena_openings::<G>(source, &mut config)?;
    let [(a, a_seeded), (b, b_seeded)] = [bot_command(game, bots[0]), bot_command(game, bots[1])];
    config.seeded = [a_seeded, b_seeded];
    let commands = [a, b];
    let pairs = arena::openings_needed::<G>(config.games);
    let mut file = match &records {
        Some(path) => Some(std::sync::Mutex::new(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot open {}: {e}", path.display()))?,
        )),
        None => None,
    };
    let bar = indicatif::ProgressBar::new(arena::planned_games::<G>(config.games) as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg}")
            .expect("valid template"),
    );
    let stats = arena::run_match(&openings, [&commands[0], &commands[1]], &config, |g, s| {
        if let Some(f) = &file {
            let _ = writeln!(
                f.lock().expect("records lock"),
                "{}",
                g.record_line(game, bots)
            );
        }
        if !matches!(g.refereed.verdict, arena::Verdict::Finished(_)) {
            let line = format!("game {}: {}", g.index + 1, g.refereed.verdict.describe());
            // A hidden bar (stderr not a terminal) drops its println: say it on stderr.
            if bar.is_hidden() {
                eprintln!("{line}");
            } else {
                bar.println(line);
            }
        }
        bar.set_message(format!(
            "+{} ={} -{} ({:.1} %)",
            s.wins,
            s.draws,
            s.losses,
            100.0 * s.score()
        ));
        bar.inc(1);
    });
    bar.finish_and_clear();
    file.take();
    arena::write_summary(&mut io::stdout(), bots, &stats, &config).map_err(|e| e.to_string())?;
    if openings.len() < pairs {
        let what = match &source.file {
            Some(path) => format!("{} has {} openings", path.display(), openings.len()),
            None => {
                let plies = source.plies.unwrap_or(G::DEFAULT_OPENING_PLIES);
                format!(
                    "only {} distinct openings of {plies} random {} exist",
                    openings.len(),
                    if plies == 1 { "ply" } else { "plies" }
                )
            }
        };
        println!(
            "note: {what} for {pairs} pairs of games, so the openings were dealt in a cycle \
             that repeats"
        );
    }
    Ok(())
}
