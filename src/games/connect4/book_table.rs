//! Bootstrap table, to be overwritten by `boardlab book connect4`.
use super::STEAL;
pub(super) const FIRST: u8 = 4;
pub(super) const ANSWERS: [u8; 5] = [STEAL; 5];
