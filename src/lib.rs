//! BoardLab: exact rules and strong search for two-player abstract games from CodinGame, shared by
//! the browser playground (wasm), the CodinGame bots and the engine tools.
//!
//! Dependencies point one way: [`games`] and [`search`] know nothing of protocols, wasm or the
//! browser.

#![warn(missing_docs)]

pub mod baseline;
pub mod bench;
pub mod clock;
pub mod game;
pub mod games;
pub mod info;
pub mod perft;
pub mod play;
pub mod ranking;
pub mod rng;
pub mod search;

#[cfg(not(target_arch = "wasm32"))]
pub mod arena;
#[cfg(not(target_arch = "wasm32"))]
pub mod protocol;
#[cfg(not(target_arch = "wasm32"))]
pub mod serve;
#[cfg(not(target_arch = "wasm32"))]
pub mod tune;

#[cfg(target_arch = "wasm32")]
pub mod wasm;
