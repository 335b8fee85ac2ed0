//! One module per game: rules, bitboards, notation, hashing and evaluation. This file is the
//! registry: adding a game means adding its module, its name to [`NAMES`] and an arm to
//! [`with_game!`].

pub mod amazons;
pub mod ataxx;
pub mod connect4;
pub mod cpu;
pub mod network;
mod stones_text;
pub mod yavalath;

pub use amazons::Amazons;
pub use ataxx::Ataxx;
pub use connect4::Connect4;
pub use yavalath::Yavalath;

/// The names of every game, as the CLI, the wasm API and the page spell them.
pub const NAMES: &[&str] = &["yavalath", "connect4", "ataxx", "amazons"];

/// Runs `$body` with the type alias `$G` bound to the game called `$name` (a `&str`), or
/// evaluates `$unknown` (with `$name` unmatched) when no game has that name.
#[macro_export]
macro_rules! with_game {
    ($name:expr, $G:ident => $body:expr, $other:ident => $unknown:expr) => {
        match $name {
            "yavalath" => {
                type $G = $crate::games::Yavalath;
                $body
            }
            "connect4" => {
                type $G = $crate::games::connect4::Connect4Cg;
                $body
            }
            "ataxx" => {
                type $G = $crate::games::Ataxx;
                $body
            }
            "amazons" => {
                type $G = $crate::games::Amazons;
                $body
            }
            $other => $unknown,
        }
    };
}
