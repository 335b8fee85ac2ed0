//! Amazons territory as the page shades it: each square's claim and distances, the totals and
//! the sealed regions, from the evaluation's own territory map.

use serde::Serialize;

use crate::game::Player;

use super::error::{from_moves, WasmError};

#[derive(Serialize)]
struct TerritorySquareView {
    name: String,
    /// `white`, `black`, `contested`, `dead` or `occupied`.
    claim: &'static str,
    /// Queen moves for `[white, black]` to reach the square; null: never (or occupied).
    queen: [Option<u8>; 2],
    /// King steps for `[white, black]`; null: never (or occupied).
    king: [Option<u8>; 2],
    sealed: bool,
    /// Owned, but an opponent amazon reaches it within two queen moves: the evaluation counts
    /// it at a discount (`weights::EXPOSED_DISCOUNT`).
    exposed: bool,
}

#[derive(Serialize)]
struct SideCounts {
    white: u32,
    black: u32,
}

#[derive(Serialize)]
struct TerritoryTotalsView {
    white: u32,
    black: u32,
    contested: u32,
    dead: u32,
    sealed: SideCounts,
    exposed: SideCounts,
}

#[derive(Serialize)]
struct SealedRegionView {
    /// `white` or `black`.
    owner: &'static str,
    squares: Vec<String>,
    moves: u32,
    exact: bool,
}

/// territory()'s answer.
#[derive(Serialize)]
pub struct TerritoryView {
    squares: Vec<TerritorySquareView>,
    totals: TerritoryTotalsView,
    regions: Vec<SealedRegionView>,
    split: bool,
}

fn side_word(player: Player) -> &'static str {
    match player {
        Player::First => "white",
        Player::Second => "black",
    }
}

/// The territory view of the Amazons position after `moves` from `setup` (see territory() in
/// `mod.rs`). Errors: a bad setup or move.
pub fn amazons_territory(setup: &str, moves: &str) -> Result<TerritoryView, WasmError> {
    use crate::games::amazons::{square_name, Claim};
    let pos: crate::games::Amazons = from_moves(setup, moves)?;
    let map = pos.territory_map();
    let names = |bits: u64| {
        (0..64)
            .filter(|&sq| bits >> sq & 1 == 1)
            .map(square_name)
            .collect()
    };
    // Rank 8 first, files a..h: the order of describe()'s cells.
    let squares = (0..8)
        .rev()
        .flat_map(|y| (0..8).map(move |x| y * 8 + x))
        .map(|sq| TerritorySquareView {
            name: square_name(sq),
            claim: match map.claim(sq) {
                Claim::Owned(player) => side_word(player),
                Claim::Contested => "contested",
                Claim::Dead => "dead",
                Claim::Occupied => "occupied",
            },
            queen: [map.queen[0][sq], map.queen[1][sq]],
            king: [map.king[0][sq], map.king[1][sq]],
            sealed: (map.sealed[0] | map.sealed[1]) >> sq & 1 == 1,
            exposed: (map.exposed[0] | map.exposed[1]) >> sq & 1 == 1,
        })
        .collect();
    let [white, black] = map.owned_counts();
    Ok(TerritoryView {
        squares,
        totals: TerritoryTotalsView {
            white,
            black,
            contested: map.contested.count_ones(),
            dead: map.dead.count_ones(),
            sealed: SideCounts {
                white: map.sealed[0].count_ones(),
                black: map.sealed[1].count_ones(),
            },
            exposed: SideCounts {
                white: map.exposed[0].count_ones(),
                black: map.exposed[1].count_ones(),
            },
        },
        regions: map
            .regions
            .iter()
            .map(|r| SealedRegionView {
                owner: side_word(r.owner),
                squares: names(r.squares),
                moves: r.moves,
                exact: r.exact,
            })
            .collect(),
        split: map.split,
    })
}
