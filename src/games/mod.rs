//! One module per game: rules, bitboards, notation, hashing and evaluation.

pub mod yavalath;

pub use yavalath::Yavalath;
