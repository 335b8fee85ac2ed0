//! `boardlab tune ataxx|connect4`: regenerate labelled data and refit the evaluation's weights
//! (`boardlab::tune`), with progress bars; prints the fit's loss before and after and writes
//! `src/games/<game>/weights.rs` when asked. Ataxx's positions are labelled with self-play
//! results, Connect 4's with the exact solver's; the fit (`tune::fit`) is shared.

use std::path::PathBuf;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use boardlab::arena::openings::parse_openings;
use boardlab::games::ataxx::network::{OUTPUT_SCALE, SHIPPED as AX_SHIPPED};
use boardlab::games::ataxx::{Ataxx, FEATURES};
use boardlab::games::connect4::network::SHIPPED as C4_SHIPPED;
use boardlab::games::connect4::weights::WEIGHTS as C4_WEIGHTS;
use boardlab::tune::connect4_network::{self as c4net, NetSample as C4Sample};
use boardlab::tune::fit::{fit, fit_scale, loss, Dataset, FitConfig};
use boardlab::tune::network::{
    float_loss, quantized_loss, train as train_network, FloatNetwork, NetSample, TrainConfig,
};
use boardlab::tune::samples::{parse_samples, samples_text};
use boardlab::tune::selfplay::{self_play, Sample, SelfPlayConfig};
use boardlab::tune::FEATURE_NAMES;
use boardlab::tune::{ataxx_inputs, connect4 as c4, weights_source, HAND_WEIGHTS};

use super::Failure;

#[derive(Args)]
pub struct TuneArgs {
    /// The game whose evaluation is fitted.
    #[arg(value_parser = ["ataxx", "connect4"])]
    pub game: String,
    /// Self-play games (default: Ataxx 1500, Connect 4 600).
    #[arg(long)]
    pub games: Option<usize>,
    /// Connect 4: the first game's number (games `N..N + games` are played): runs over
    /// consecutive ranges, joined, make the data of one longer run.
    #[arg(long, default_value_t = 0)]
    pub first_game: usize,
    /// The engine's nodes per move in self-play (default: Ataxx 3000, Connect 4 2000).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Connect 4: the fewest random opening plies (the steal among them) before the engine plays;
    /// each game draws its count from this to `--max-opening-plies`.
    #[arg(long, default_value_t = 2)]
    pub min_opening_plies: u32,
    /// Connect 4: the most random opening plies.
    #[arg(long, default_value_t = 10)]
    pub max_opening_plies: u32,
    /// Connect 4: positions with fewer chips are not labelled.
    #[arg(long, default_value_t = 16)]
    pub min_chips: u32,
    /// Connect 4: positions with more chips are not labelled (the game stops there).
    #[arg(long, default_value_t = 32)]
    pub max_chips: u32,
    /// Connect 4: the exact solver's time per position, ms; unsettled positions are dropped.
    #[arg(long, default_value_t = 3000)]
    pub solve_ms: u64,
    /// Connect 4: the exact solver's node budget per position instead of `--solve-ms` (the
    /// labelled set then does not depend on the machine's load).
    #[arg(long)]
    pub solve_nodes: Option<u64>,
    /// Connect 4: each thread's solver table, MiB.
    #[arg(long, default_value_t = 256)]
    pub solver_mb: usize,
    /// Ataxx: random spawns after each start before the engine plays.
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
    /// Where the labelled positions are written (one `game result position` a line; default
    /// target/tune/ataxx-selfplay.txt, target/tune/connect4-solved.txt).
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// Fit the positions already in `--data` instead of playing new games.
    #[arg(long)]
    pub reuse_data: bool,
    /// Full passes of the fit over the data.
    #[arg(long, default_value_t = 1500)]
    pub iterations: usize,
    /// The fit's step size in the evaluation's units (default: Ataxx 2, Connect 4 0.5).
    #[arg(long)]
    pub learning_rate: Option<f64>,
    /// Ridge penalty toward the hand-made weights (`tune::HAND_WEIGHTS`,
    /// `tune::connect4::HAND_WEIGHTS`), per squared unit (see `FitConfig::l2`; default: Ataxx
    /// 1e-7, Connect 4 1e-6).
    #[arg(long)]
    pub l2: Option<f64>,
    /// What is fitted: `linear` (the weights of `features.rs`' counts, `weights.rs`) or
    /// `network` (the evaluation network, `network_weights.rs`, trained on top of the linear).
    #[arg(long, value_parser = ["linear", "network"], default_value = "linear")]
    pub model: String,
    /// Network: L1 penalty on the hidden weights, per unit of weight (default 0): it sets the
    /// weights the data does not need to zero, which the sparse weights' text packs smaller.
    #[arg(long)]
    pub l1: Option<f64>,
    /// Network: passes over the training positions.
    #[arg(long, default_value_t = 30)]
    pub epochs: usize,
    /// Network: start from the shipped network's weights instead of random ones (fine-tuning it
    /// on the new games; usually with a smaller `--learning-rate`). Connect 4 then keeps the
    /// shipped network's output scale instead of fitting one to the data.
    #[arg(long)]
    pub from_shipped: bool,
    /// Ataxx network: the label's share of the game result; the rest is the self-play search's
    /// score there as a winning chance (`sigmoid(score / 499)`), as NNUE trainers blend them.
    /// 0.3 measured stronger than 0.5, 0.7 and 0.15 (README: the result's share of the label).
    #[arg(long, default_value_t = 0.3)]
    pub result_weight: f32,
    /// Network: positions per optimiser step (default: Ataxx 4096, Connect 4 1024).
    #[arg(long)]
    pub batch: Option<usize>,
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

/// Prints one of the network commands' loss lines, `loss of WHAT: X trained on, Y held out`
/// (mean squared error on the training and the held-out positions), and returns `(X, Y)`.
fn report_loss<T>(what: &str, train: &[T], test: &[T], loss: impl Fn(&[T]) -> f64) -> (f64, f64) {
    let (on_train, held_out) = (loss(train), loss(test));
    println!("loss of {what}: {on_train:.6} trained on, {held_out:.6} held out");
    (on_train, held_out)
}

/// Regenerates the data (unless `--reuse-data`), fits, prints, writes. Errors: unreadable book
/// or data, a write error.
pub fn run(args: TuneArgs) -> Result<(), Failure> {
    if args.from_shipped && args.model != "network" {
        let need = "--from-shipped refines the shipped network: use it with `--model network`";
        return Err(need.to_string().into());
    }
    if args.game == "connect4" {
        return run_connect4(args);
    }
    let data = args
        .data
        .clone()
        .unwrap_or_else(|| "target/tune/ataxx-selfplay.txt".into());
    let (games, nodes) = (args.games.unwrap_or(1500), args.nodes.unwrap_or(3000));
    let (learning_rate, l2) = (args.learning_rate.unwrap_or(2.0), args.l2.unwrap_or(1e-7));
    let samples = if args.reuse_data {
        let text =
            std::fs::read_to_string(&data).map_err(|e| format!("{}: {e}", data.display()))?;
        parse_samples(&text).map_err(|e| format!("{}: {e}", data.display()))?
    } else {
        play(&args, &data, games, nodes)?
    };
    let played = samples.iter().map(|s| s.game).max().map_or(0, |g| g + 1);
    if args.model == "network" {
        return run_network(&args, &samples, played, games, nodes);
    }
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
        "{} positions from {played} games: {} to fit, {} held out (every tenth game)",
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
            learning_rate,
            l2,
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
                games, nodes, args.random_plies, args.walled_every, args.seed, l2
            ),
            format!(
                "{} positions of {played} self-play games; scale k = {k:.1}; mean squared error",
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

/// Trains the evaluation network on `samples` (every tenth game held out), prints the losses
/// of the linear evaluation and the network, and writes the network's source if asked.
fn run_network(
    args: &TuneArgs,
    samples: &[Sample],
    played: usize,
    games: usize,
    nodes: u64,
) -> Result<(), Failure> {
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for s in samples {
        // Every tenth game is held out, as in the linear fit.
        let set = if s.game % 10 == 0 {
            &mut test
        } else {
            &mut train
        };
        let target = match s.score {
            Some(score) => {
                let chance = 1.0 / (1.0 + (-(score as f32) / OUTPUT_SCALE as f32).exp());
                args.result_weight * s.result + (1.0 - args.result_weight) * chance
            }
            None => s.result,
        };
        set.push(NetSample::new(&s.position, target));
    }
    println!(
        "{} positions from {played} games: {} to train on, {} held out (every tenth game)",
        samples.len(),
        train.len(),
        test.len()
    );
    // A network of zeros adds nothing: its loss is the linear evaluation's alone.
    let linear = FloatNetwork::zero();
    let (linear_train, linear_test) =
        report_loss("the linear evaluation alone", &train, &test, |d| {
            float_loss(&linear, d)
        });
    // The network the engine plays today, on the same games: the mark a new one has to beat
    // (held-out losses of networks trained on other data do not compare).
    report_loss("the shipped network", &train, &test, |d| {
        quantized_loss(AX_SHIPPED, d)
    });
    let config = TrainConfig {
        epochs: args.epochs,
        batch: args.batch.unwrap_or(4096),
        learning_rate: args.learning_rate.unwrap_or(0.001) as f32,
        threads: args.threads,
        seed: args.seed,
        l1: args.l1.unwrap_or(0.0) as f32,
        from_shipped: args.from_shipped,
    };
    let progress = bar(args.epochs as u64, "epochs");
    let net = train_network(&train, &config, &mut |epoch, loss, net| {
        progress.set_position(epoch as u64);
        let held_out = float_loss(net, &test);
        progress.suspend(|| {
            println!(
                "epoch {epoch}: loss {loss:.6} trained on (random symmetries), {held_out:.6} held out"
            )
        });
    })?;
    progress.finish_and_clear();
    let quantized = net.quantized();
    let (train1, test1) = report_loss("the integer network", &train, &test, |d| {
        quantized_loss(quantized.weights(), d)
    });
    if let Some(path) = &args.write {
        let provenance = vec![
            format!(
                "`boardlab tune ataxx --model network {}{} --seed {} --epochs {} --batch {} --learning-rate {} --result-weight {} --l1 {}`:",
                if args.reuse_data {
                    "--reuse-data (positions played earlier)".to_string()
                } else {
                    format!(
                        "--games {games} --nodes {nodes} --random-plies {} --walled-every {}",
                        args.random_plies, args.walled_every
                    )
                },
                if args.from_shipped { " --from-shipped" } else { "" },
                args.seed, args.epochs, config.batch, config.learning_rate, args.result_weight,
                config.l1
            ),
            format!(
                "{} positions of {played} self-play games (every tenth game held out); mean squared error",
                samples.len()
            ),
            format!(
                "linear evaluation {linear_train:.6} (held out {linear_test:.6}), network {train1:.6} ({test1:.6})."
            ),
        ];
        std::fs::write(path, quantized.source(&provenance))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// The self-play games, written to `data`.
fn play(args: &TuneArgs, data: &PathBuf, games: usize, nodes: u64) -> Result<Vec<Sample>, Failure> {
    let book =
        std::fs::read_to_string(&args.book).map_err(|e| format!("{}: {e}", args.book.display()))?;
    let starts: Vec<Ataxx> = parse_openings::<Ataxx>(&book)
        .map_err(|e| format!("{}: {e}", args.book.display()))?
        .into_iter()
        .map(|o| o.position)
        .collect();
    let config = SelfPlayConfig {
        games,
        nodes,
        random_plies: args.random_plies,
        walled_every: args.walled_every,
        threads: args.threads,
        seed: args.seed,
        tt_mib: 16,
    };
    let progress = bar(games as u64, "self-play games");
    let samples = self_play(&starts, &config, &|done| progress.set_position(done as u64))?;
    progress.finish_and_clear();
    write_data(data, &samples_text(&samples))?;
    println!("{} positions written to {}", samples.len(), data.display());
    Ok(samples)
}

/// ` --first-game N` for a provenance line when the run did not start at game 0, else nothing.
fn first_game_flag(args: &TuneArgs) -> String {
    match args.first_game {
        0 => String::new(),
        n => format!(" --first-game {n}"),
    }
}

/// Writes `text` to `path`, making its directory.
fn write_data(path: &PathBuf, text: &str) -> Result<(), Failure> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(())
}

/// `boardlab tune connect4`: plays and labels games (or reads `--data`), fits Connect 4's
/// weights at the scale fitted to the hand-made ones, prints, writes. Errors: unreadable data,
/// a write error.
fn run_connect4(args: TuneArgs) -> Result<(), Failure> {
    let data = args
        .data
        .clone()
        .unwrap_or_else(|| "target/tune/connect4-solved.txt".into());
    let samples = if args.reuse_data {
        let text =
            std::fs::read_to_string(&data).map_err(|e| format!("{}: {e}", data.display()))?;
        parse_samples(&text).map_err(|e| format!("{}: {e}", data.display()))?
    } else {
        let config = c4::LabelConfig {
            games: args.games.unwrap_or(600),
            first_game: args.first_game,
            nodes: args.nodes.unwrap_or(2000),
            opening_plies: (args.min_opening_plies, args.max_opening_plies),
            chips: (args.min_chips, args.max_chips),
            solve_ms: args.solve_ms,
            solve_nodes: args.solve_nodes,
            threads: args.threads,
            seed: args.seed,
            solver_mib: args.solver_mb,
        };
        let progress = bar(config.games as u64, "games");
        let samples = c4::label_games(&config, &|p| {
            progress.set_position(p.games as u64);
            progress.set_message(format!(
                "{} positions labelled, {} games stopped by an unsettled one",
                p.labelled, p.unsettled
            ));
        });
        progress.finish_and_clear();
        write_data(&data, &samples_text(&samples))?;
        println!("{} positions written to {}", samples.len(), data.display());
        samples
    };
    // The span of game numbers: a run from `--first-game N` numbers its games from N.
    let first = samples.iter().map(|s| s.game).min().unwrap_or(0);
    let played = samples
        .iter()
        .map(|s| s.game)
        .max()
        .map_or(0, |g| g + 1 - first);
    if args.model == "network" {
        return run_connect4_network(&args, &samples, played, &data);
    }
    let (mut train, mut test) = (Dataset::new(c4::FEATURES), Dataset::new(c4::FEATURES));
    let mut by_result = [0usize; 3];
    for s in &samples {
        let set = if s.game % 10 == 0 {
            &mut test
        } else {
            &mut train
        };
        set.push(&c4::inputs(&s.position), s.result);
        by_result[(s.result * 2.0) as usize] += 1;
    }
    println!(
        "{} positions from {played} games ({} wins, {} draws, {} losses for the side to move): {} to fit, {} held out (every tenth game)",
        samples.len(),
        by_result[2],
        by_result[1],
        by_result[0],
        train.len(),
        test.len()
    );
    let before: Vec<f64> = c4::HAND_WEIGHTS.iter().map(|&w| w as f64).collect();
    let k = fit_scale(&train, &before);
    let (train0, test0) = (loss(&train, &before, k), loss(&test, &before, k));
    println!("scale k = {k:.1} (fitted to the hand-made weights, tune::connect4::HAND_WEIGHTS)");
    println!("loss of the hand-made weights: {train0:.6} fitted, {test0:.6} held out");
    let l2 = args.l2.unwrap_or(1e-6);
    let progress = bar(args.iterations as u64, "iterations");
    let fitted = fit(
        &train,
        &before,
        k,
        FitConfig {
            iterations: args.iterations,
            learning_rate: args.learning_rate.unwrap_or(0.5),
            l2,
        },
        &mut |t, l| {
            progress.set_position(t as u64);
            progress.set_message(format!("loss {l:.6}"));
        },
    );
    progress.finish_and_clear();
    let mut weights = [0i32; c4::FEATURES];
    for (w, f) in weights.iter_mut().zip(&fitted) {
        *w = f.round() as i32;
    }
    let rounded: Vec<f64> = weights.iter().map(|&w| w as f64).collect();
    let (train1, test1) = (loss(&train, &rounded, k), loss(&test, &rounded, k));
    println!("loss after:  {train1:.6} fitted, {test1:.6} held out");
    println!("{:>6} {:>6}  feature", "before", "after");
    for i in 0..c4::FEATURES {
        println!(
            "{:>6} {:>6}  {}",
            c4::HAND_WEIGHTS[i],
            weights[i],
            c4::FEATURE_NAMES[i]
        );
    }
    if let Some(path) = &args.write {
        let provenance = vec![
            if args.reuse_data {
                format!(
                    "`boardlab tune connect4 --reuse-data --data {} --l2 {l2}`: a refit of positions labelled earlier;",
                    data.display()
                )
            } else {
                format!(
                    "`boardlab tune connect4 --games {}{} --nodes {} --min-opening-plies {} --max-opening-plies {} \
                     --min-chips {} --max-chips {} {} --seed {} --threads {} --l2 {l2}`:",
                    args.games.unwrap_or(600),
                    first_game_flag(&args),
                    args.nodes.unwrap_or(2000),
                    args.min_opening_plies,
                    args.max_opening_plies,
                    args.min_chips,
                    args.max_chips,
                    match args.solve_nodes {
                        Some(n) => format!("--solve-nodes {n}"),
                        None => format!("--solve-ms {}", args.solve_ms),
                    },
                    args.seed,
                    args.threads
                )
            },
            format!(
                "{} positions of {played} games labelled by the exact solver; scale k = {k:.1};",
                samples.len()
            ),
            format!(
                "mean squared error: hand-made weights {train0:.6} (held-out games {test0:.6}), fitted {train1:.6} ({test1:.6})."
            ),
        ];
        std::fs::write(path, c4::weights_source(&weights, &provenance))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// `boardlab tune connect4 --model network`: trains Connect 4's network on top of the shipped
/// linear evaluation (at its scale fitted to the positions to train on), prints the losses per
/// epoch, writes `--write`. Errors: no positions to train on, a write error.
fn run_connect4_network(
    args: &TuneArgs,
    samples: &[c4::Sample],
    played: usize,
    data: &std::path::Path,
) -> Result<(), Failure> {
    let (mut train, mut test) = (Vec::new(), Vec::new());
    let mut linear_inputs = Dataset::new(c4::FEATURES);
    for s in samples {
        // Every tenth game is held out, as in the linear fit.
        if s.game % 10 == 0 {
            test.push(C4Sample::new(&s.position, s.result));
        } else {
            train.push(C4Sample::new(&s.position, s.result));
            linear_inputs.push(&c4::inputs(&s.position), s.result);
        }
    }
    let shipped: Vec<f64> = C4_WEIGHTS.iter().map(|&w| w as f64).collect();
    // A refinement keeps the scale the shipped logit was trained at; else it is fitted anew.
    let output_scale = if args.from_shipped {
        C4_SHIPPED.output_scale
    } else {
        fit_scale(&linear_inputs, &shipped).round() as i32
    };
    println!(
        "{} positions from {played} games: {} to train on, {} held out (every tenth game); \
         the shipped linear weights' scale {output_scale}",
        samples.len(),
        train.len(),
        test.len()
    );
    let (linear_train, linear_test) =
        report_loss("the linear evaluation alone", &train, &test, |d| {
            c4net::linear_loss(d, output_scale)
        });
    report_loss("the shipped network", &train, &test, |d| {
        c4net::quantized_loss(C4_SHIPPED, d)
    });
    let config = c4net::TrainConfig {
        epochs: args.epochs,
        batch: args.batch.unwrap_or(1024),
        learning_rate: args.learning_rate.unwrap_or(0.001) as f32,
        output_scale,
        seed: args.seed,
        l1: args.l1.unwrap_or(0.0) as f32,
        from_shipped: args.from_shipped,
    };
    let progress = bar(args.epochs as u64, "epochs");
    let net = c4net::train(&train, &config, &mut |epoch, loss, net| {
        progress.set_position(epoch as u64);
        let held_out = c4net::float_loss(net, &test, output_scale);
        progress.suspend(|| {
            println!(
                "epoch {epoch}: loss {loss:.6} trained on (random mirrors), {held_out:.6} held out"
            )
        });
    })?;
    progress.finish_and_clear();
    let quantized = net.quantized(output_scale);
    let (train1, test1) = report_loss("the integer network", &train, &test, |d| {
        c4net::quantized_loss(quantized.weights(), d)
    });
    if let Some(path) = &args.write {
        let provenance = vec![
            format!(
                "`boardlab tune connect4 --model network {}{} --seed {} --epochs {} --batch {} --learning-rate {} --l1 {}`:",
                if args.reuse_data {
                    format!("--reuse-data --data {}", data.display())
                } else {
                    format!(
                        "--games {}{} --nodes {} --min-chips {} --max-chips {} {}",
                        args.games.unwrap_or(600),
                        first_game_flag(&args),
                        args.nodes.unwrap_or(2000),
                        args.min_chips,
                        args.max_chips,
                        match args.solve_nodes {
                            Some(n) => format!("--solve-nodes {n}"),
                            None => format!("--solve-ms {}", args.solve_ms),
                        }
                    )
                },
                if args.from_shipped { " --from-shipped" } else { "" },
                args.seed,
                args.epochs,
                config.batch,
                config.learning_rate,
                config.l1
            ),
            format!(
                "{} positions of {played} games labelled by the exact solver (every tenth game held out); mean squared error",
                samples.len()
            ),
            format!(
                "linear evaluation {linear_train:.6} (held out {linear_test:.6}), with the network {train1:.6} ({test1:.6})."
            ),
        ];
        std::fs::write(path, quantized.source(&provenance))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}
