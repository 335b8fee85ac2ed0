//! Amazons territory as the playground shades it (`Amazons::territory_map`): each empty square
//! goes to the side that reaches it in fewer queen moves (on a tie, fewer king steps), a tie in
//! both is contested, a square nobody reaches is dead, and a region only one side's amazons are
//! in is sealed. The map must agree with what the evaluation counts (`Amazons::territory`).

use boardlab::game::{Game, Player};
use boardlab::games::amazons::weights::stage;
use boardlab::games::amazons::{parse_square, queen_attacks, Amazons, Claim, TerritoryMap};
use boardlab::play::{random_opening, Rng};
use proptest::prelude::*;

const WHITE: usize = 0;
const BLACK: usize = 1;

fn position(text: &str) -> Amazons {
    Amazons::from_setup(text).unwrap()
}

fn sq(name: &str) -> usize {
    parse_square(name).unwrap()
}

fn bits(names: &[&str]) -> u64 {
    names.iter().map(|n| 1u64 << sq(n)).fold(0, |a, b| a | b)
}

fn claim(map: &TerritoryMap, name: &str) -> Claim {
    map.claim(sq(name))
}

#[test]
fn a_square_both_reach_equally_by_queen_and_by_king_is_contested() {
    // White a1, black c1: b1 and b2 are one queen move and one king step from both.
    let map = position("......../......../......../......../......../......../......../w.b..... w")
        .territory_map();
    for name in ["b1", "b2"] {
        assert_eq!(claim(&map, name), Claim::Contested, "{name}");
        assert_eq!(map.queen[WHITE][sq(name)], Some(1));
        assert_eq!(map.queen[BLACK][sq(name)], Some(1));
        assert_eq!(map.king[WHITE][sq(name)], Some(1));
        assert_eq!(map.king[BLACK][sq(name)], Some(1));
    }
    // a2 is a step from white, two from black: white's.
    assert_eq!(claim(&map, "a2"), Claim::Owned(Player::First));
}

#[test]
fn an_equal_queen_distance_goes_to_the_side_nearer_by_king_steps() {
    // White a1, black h1, the first rank open: d1 and e1 are one queen move from both, but d1
    // is three king steps from a1 and four from h1, and e1 the other way round.
    let map = position("......../......../......../......../......../......../......../w......b w")
        .territory_map();
    assert_eq!(map.queen[WHITE][sq("d1")], map.queen[BLACK][sq("d1")]);
    assert_eq!(
        (map.king[WHITE][sq("d1")], map.king[BLACK][sq("d1")]),
        (Some(3), Some(4))
    );
    assert_eq!(claim(&map, "d1"), Claim::Owned(Player::First));
    assert_eq!(claim(&map, "e1"), Claim::Owned(Player::Second));
}

#[test]
fn squares_no_amazon_can_reach_are_dead() {
    // h8 is walled in by g8, g7 and h7 with no amazon inside.
    let map = position("......-./......--/......../......../...b..../......../......../w....... w")
        .territory_map();
    assert_eq!(claim(&map, "h8"), Claim::Dead);
    assert_eq!(map.dead, bits(&["h8"]));
    assert_eq!(map.queen[WHITE][sq("h8")], None);
    assert_eq!(map.queen[BLACK][sq("h8")], None);
    // A region without amazons is not sealed for anyone.
    assert_eq!(map.sealed, [0, 0]);
    assert!(map.regions.is_empty());
}

#[test]
fn a_sealed_region_belongs_to_its_only_sides_amazons() {
    // White's a1 amazon is walled into a1-b1-c1 (walls d1, a2..d2); white's e4 and black's d6
    // share the rest of the board.
    let pos = position("......../......../...b..../......../....w.../......../----..../w..-.... w");
    let map = pos.territory_map();
    let pocket = bits(&["b1", "c1"]);
    assert_eq!(map.sealed, [pocket, 0]);
    assert_eq!(
        map.owned[WHITE] & pocket,
        pocket,
        "sealed squares are the owner's"
    );
    for name in ["b1", "c1"] {
        assert_eq!(claim(&map, name), Claim::Owned(Player::First));
        assert_eq!(
            map.queen[BLACK][sq(name)],
            None,
            "black can never reach {name}"
        );
    }
    // a1-b1, shoot back to a1; b1-c1, shoot back to b1: two moves, proven.
    assert_eq!(map.regions.len(), 1);
    let region = &map.regions[0];
    assert_eq!(
        (region.owner, region.squares, region.moves, region.exact),
        (Player::First, pocket, 2, true)
    );
    // The open rest is fought over: not split.
    assert!(!map.split);
}

#[test]
fn once_every_region_is_sealed_the_board_is_split() {
    // White a1 has a1-b1-c1, black h8 has g8-h8: nothing else is open.
    let map = position("------.b/--------/--------/--------/--------/--------/--------/w..----- w")
        .territory_map();
    assert!(map.split);
    assert_eq!(map.sealed, [bits(&["b1", "c1"]), bits(&["g8"])]);
    assert_eq!(map.owned, map.sealed);
    assert_eq!(map.contested | map.dead, 0);
    let moves: Vec<_> = map
        .regions
        .iter()
        .map(|r| (r.owner, r.moves, r.exact))
        .collect();
    assert_eq!(moves, [(Player::First, 2, true), (Player::Second, 1, true)]);
}

#[test]
fn the_totals_count_the_squares_of_each_claim() {
    let pos = position("seed:7");
    let map = pos.territory_map();
    let counts = |want: Claim| (0..64).filter(|&s| map.claim(s) == want).count() as u32;
    assert_eq!(
        counts(Claim::Owned(Player::First)),
        map.owned_counts()[WHITE]
    );
    assert_eq!(
        counts(Claim::Owned(Player::Second)),
        map.owned_counts()[BLACK]
    );
    assert_eq!(counts(Claim::Contested), map.contested.count_ones());
    assert_eq!(counts(Claim::Dead), map.dead.count_ones());
    assert_eq!(
        counts(Claim::Occupied),
        8,
        "the start has eight amazons and no walls"
    );
}

#[test]
fn queen_territory_outweighs_king_territory_at_every_stage() {
    // Why king steps only break queen ties in the map: the evaluation agrees square by square.
    for empties in 0..=64 {
        let w = stage(empties);
        assert!(w.queen > w.king, "{empties} empties: {w:?}");
    }
}

/// Shortest distances from every amazon of `side` through the empty squares, one step being a
/// queen move (`queen`) or a king step: a plain breadth-first search, square by square.
fn reference_distances(pos: &Amazons, side: Player, queen: bool) -> [Option<u8>; 64] {
    let empty = pos.empty();
    let occ = !empty;
    let mut dist = [None; 64];
    let mut frontier: Vec<usize> = (0..64)
        .filter(|&s| pos.amazons(side) >> s & 1 == 1)
        .collect();
    let mut d = 0;
    while !frontier.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for &from in &frontier {
            let targets = if queen {
                queen_attacks(from, occ)
            } else {
                let (x, y) = ((from % 8) as i32, (from / 8) as i32);
                let mut t = 0u64;
                for (dx, dy) in [
                    (-1, -1),
                    (0, -1),
                    (1, -1),
                    (-1, 0),
                    (1, 0),
                    (-1, 1),
                    (0, 1),
                    (1, 1),
                ] {
                    let (nx, ny) = (x + dx, y + dy);
                    if (0..8).contains(&nx) && (0..8).contains(&ny) {
                        t |= 1 << (ny * 8 + nx);
                    }
                }
                t
            } & empty;
            for (to, slot) in dist.iter_mut().enumerate() {
                if targets >> to & 1 == 1 && slot.is_none() {
                    *slot = Some(d);
                    next.push(to);
                }
            }
        }
        frontier = next;
    }
    dist
}

/// From per-square distances: (white's squares - black's, ties, [reach white, reach black]).
fn race_counts(dist: &[[Option<u8>; 64]; 2]) -> (i32, i32, [i32; 2]) {
    let (mut diff, mut ties, mut reach) = (0, 0, [0, 0]);
    for (&white, &black) in dist[WHITE].iter().zip(&dist[BLACK]) {
        match (white, black) {
            (Some(w), Some(b)) if w < b => diff += 1,
            (Some(w), Some(b)) if w > b => diff -= 1,
            (Some(_), Some(_)) => ties += 1,
            (Some(_), None) => diff += 1,
            (None, Some(_)) => diff -= 1,
            (None, None) => {}
        }
        reach[WHITE] += white.is_some() as i32;
        reach[BLACK] += black.is_some() as i32;
    }
    (diff, ties, reach)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// In positions from random games: the distances are true shortest distances, the claims
    /// split the empty squares, and counting the map gives the evaluation's own numbers.
    #[test]
    fn the_map_shows_what_the_evaluation_counts(seed in any::<i64>(), plies in 0u32..70, rng in any::<u64>()) {
        let pos = random_opening(&Amazons::from_seed(seed), plies, &mut Rng(rng));
        let map = pos.territory_map();
        let t = pos.territory();
        for (side, player) in [(WHITE, Player::First), (BLACK, Player::Second)] {
            prop_assert_eq!(map.queen[side], reference_distances(&pos, player, true));
            prop_assert_eq!(map.king[side], reference_distances(&pos, player, false));
        }

        let empty = pos.empty();
        let parts = [map.owned[WHITE], map.owned[BLACK], map.contested, map.dead];
        prop_assert_eq!(parts.iter().fold(0, |a, b| a | b), empty);
        prop_assert_eq!(parts.iter().map(|p| p.count_ones()).sum::<u32>(), empty.count_ones());
        for side in [WHITE, BLACK] {
            prop_assert_eq!(map.sealed[side] & !map.owned[side], 0);
            prop_assert_eq!(map.exposed[side] & !map.owned[side], 0);
            prop_assert_eq!(map.exposed[side] & map.sealed[side], 0);
            // Exposed: owned by queen distance, and the other side is two queen moves away or less.
            let other = 1 - side;
            for s in 0..64 {
                let owned_by_queen = match (map.queen[side][s], map.queen[other][s]) {
                    (Some(a), Some(b)) => a < b,
                    (Some(_), None) => true,
                    _ => false,
                };
                let near = map.queen[other][s].is_some_and(|d| d <= 2);
                prop_assert_eq!(map.exposed[side] >> s & 1 == 1, owned_by_queen && near);
            }
        }
        prop_assert_eq!(
            map.exposed[WHITE].count_ones() as i32 - map.exposed[BLACK].count_ones() as i32,
            t.exposed
        );

        let (queen, queen_ties, reach) = race_counts(&map.queen);
        prop_assert_eq!((queen, queen_ties, reach), (t.queen, t.queen_ties, t.reach));
        prop_assert_eq!(map.split, t.separated);
        if !t.separated {
            let (king, king_ties, _) = race_counts(&map.king);
            prop_assert_eq!((king, king_ties), (t.king, t.king_ties));
        }
        let position: i32 = (0..64)
            .map(|s| {
                let weight = |d: Option<u8>| d.filter(|&d| d <= 8).map_or(0, |d| 256 >> d);
                weight(map.queen[WHITE][s]) - weight(map.queen[BLACK][s])
            })
            .sum();
        prop_assert_eq!(position, t.position);
    }
}
