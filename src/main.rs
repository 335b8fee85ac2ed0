//! The `boardlab` command line: CodinGame bots, UAI, perft, bench, analysis, in-process and
//! refereed matches, Connect 4's solver and the static site server. The commands live in
//! `src/cli/`; this file only runs them.

#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    std::process::exit(cli::main());
}
