//! `boardlab tune ataxx`: regenerate self-play data and refit the Ataxx evaluation's weights
//! (`boardlab::tune`), with progress bars; prints the fit's loss before and after and writes
//! `src/games/ataxx/weights.rs` when asked.

use std::path::PathBuf;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use boardlab::arena::openings::parse_openings;
use boardlab::games::ataxx::{Ataxx, FEATURES, FEATURE_NAMES};
use boardlab::tune::fit::{fit, fit_scale, loss, Dataset, FitConfig};
use boardlab::tune::selfplay::{parse_samples, samples_text, self_play, Sample, SelfPlayConfig};
use boardlab::tune::{ataxx_inputs, weights_source, HAND_WEIGHTS};

use super::Failure;

#[derive(Args)]
pub struct TuneArgs {
    /// The game (only Ataxx has a fitted evaluation).
    #[arg(value_parser = ["ataxx"])]
    pub game: String,
    /// Self-play games.
    #[arg(long, default_value_t = 1500)]
    pub games: usize,
    /// The engine's nodes per move in self-play.
    #[arg(long, default_value_t = 3000)]
    pub nodes: u64,
    /// Random spawns after each start before the engine plays.
    #[arg(long, default_value_t = 2)]
    pub random_plies: u32,
    /// One game in this many starts from a seeded wall layout (0: never).
    #[arg(long, default_value_t = 4)]
    pub walled_every: usize,
    /// Threads playing at once.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Seed of the random plies and wall layouts.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The starts the other games cycle through: an opening file (as `arena --openings`).
    #[arg(long, default_value = "books/ataxx-standard.txt")]
    pub book: PathBuf,
    /// Where the labelled positions are written (one `game result FEN` a line).
    #[arg(long, default_value = "target/tune/ataxx-selfplay.txt")]
    pub data: PathBuf,
    /// Fit the positions already in `--data` instead of playing new games.
    #[arg(long)]
    pub reuse_data: bool,
    /// Full passes of the fit over the data.
    #[arg(long, default_value_t = 1500)]
    pub iterations: usize,
    /// The fit's step size, centi-stones.
    #[arg(long, default_value_t = 2.0)]
    pub learning_rate: f64,
    /// Ridge penalty toward the hand-made weights (`tune::HAND_WEIGHTS`), per squared centi-stone (see `FitConfig::l2`).
    #[arg(long, default_value_t = 1e-7)]
    pub l2: f64,
    /// Write the fitted weights to this Rust source file (e.g. src/games/ataxx/weights.rs);
    /// without it they are only printed.
    #[arg(long)]
    pub write: Option<PathBuf>,
}

fn bar(len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:30}} {{pos}}/{{len}} {what} {{msg}} ({{elapsed}}, eta {{eta}})"
        ))
        .expect("a valid template"),
    );
    bar
}

/// Regenerates the data (unless `--reuse-data`), fits, prints, writes. Errors: unreadable book
/// or data, a write error.
pub fn run(args: TuneArgs) -> Result<(), Failure> {
    let samples = if args.reuse_data {
        let text = std::fs::read_to_string(&args.data)
            .map_err(|e| format!("{}: {e}", args.data.display()))?;
        parse_samples(&text).map_err(|e| format!("{}: {e}", args.data.display()))?
    } else {
        play(&args)?
    };
    let games = samples.iter().map(|s| s.game).max().map_or(0, |g| g + 1);
    let (mut train, mut test) = (Dataset::new(2 * FEATURES), Dataset::new(2 * FEATURES));
    for s in &samples {
        // Every tenth game is held out: the test loss is on games the fit never saw.
        let set = if s.game % 10 == 0 {
            &mut test
        } else {
            &mut train
        };
        set.push(&ataxx_inputs(&s.position), s.result);
    }
    println!(
        "{} positions from {games} games: {} to fit, {} held out (every tenth game)",
        samples.len(),
        train.len(),
        test.len()
    );
    let before: Vec<f64> = HAND_WEIGHTS
        .iter()
        .chain(&HAND_WEIGHTS)
        .map(|&w| w as f64)
        .collect();
    let k = fit_scale(&train, &before);
    let (train0, test0) = (loss(&train, &before, k), loss(&test, &before, k));
    println!("scale k = {k:.1} centi-stones (fitted to the hand-made weights, tune::HAND_WEIGHTS)");
    println!("loss of the hand-made weights: {train0:.6} fitted, {test0:.6} held out");
    let progress = bar(args.iterations as u64, "iterations");
    let fitted = fit(
        &train,
        &before,
        k,
        FitConfig {
            iterations: args.iterations,
            learning_rate: args.learning_rate,
            l2: args.l2,
        },
        &mut |t, l| {
            progress.set_position(t as u64);
            progress.set_message(format!("loss {l:.6}"));
        },
    );
    progress.finish_and_clear();
    let rounded: Vec<f64> = fitted.iter().map(|w| w.round()).collect();
    let (train1, test1) = (loss(&train, &rounded, k), loss(&test, &rounded, k));
    println!("loss after:  {train1:.6} fitted, {test1:.6} held out");
    println!("{:>8} {:>8}  feature", "opening", "endgame");
    let mut opening = [0i32; FEATURES];
    let mut endgame = [0i32; FEATURES];
    for i in 0..FEATURES {
        opening[i] = rounded[i] as i32;
        endgame[i] = rounded[FEATURES + i] as i32;
        println!("{:>8} {:>8}  {}", opening[i], endgame[i], FEATURE_NAMES[i]);
    }
    if let Some(path) = &args.write {
        let provenance = vec![
            format!(
                "`boardlab tune ataxx --games {} --nodes {} --random-plies {} --walled-every {} --seed {} --l2 {}`:",
                args.games, args.nodes, args.random_plies, args.walled_every, args.seed, args.l2
            ),
            format!(
                "{} positions of {games} self-play games; scale k = {k:.1}; mean squared error",
                samples.len()
            ),
            format!(
                "hand-made weights {train0:.6} (held-out games {test0:.6}), fitted {train1:.6} ({test1:.6})."
            ),
        ];
        std::fs::write(path, weights_source(&opening, &endgame, &provenance))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// The self-play games, written to `--data` as they are kept.
fn play(args: &TuneArgs) -> Result<Vec<Sample>, Failure> {
    let book =
        std::fs::read_to_string(&args.book).map_err(|e| format!("{}: {e}", args.book.display()))?;
    let starts: Vec<Ataxx> = parse_openings::<Ataxx>(&book)
        .map_err(|e| format!("{}: {e}", args.book.display()))?
        .into_iter()
        .map(|o| o.position)
        .collect();
    let config = SelfPlayConfig {
        games: args.games,
        nodes: args.nodes,
        random_plies: args.random_plies,
        walled_every: args.walled_every,
        threads: args.threads,
        seed: args.seed,
        tt_mib: 16,
    };
    let progress = bar(args.games as u64, "self-play games");
    let samples = self_play(&starts, &config, &|done| progress.set_position(done as u64))?;
    progress.finish_and_clear();
    if let Some(dir) = args.data.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(&args.data, samples_text(&samples))
        .map_err(|e| format!("{}: {e}", args.data.display()))?;
    println!(
        "{} positions written to {}",
        samples.len(),
        args.data.display()
    );
    Ok(samples)
}
