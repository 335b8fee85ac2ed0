//! The middle-game evaluation's features: threats by owner and row parity, with the zugzwang
//! refinements of Victor Allis' "A Knowledge-based Approach of Connect-Four" (1988, §§ 4-5) that
//! a linear evaluation can carry, and centre control. The weights are fitted to exact results
//! (`boardlab tune connect4`, `src/tune/connect4.rs`) and live in `weights.rs`.
//!
//! Roles, not colours: player A is the one who moves when the chip count is even (the first
//! player, or the second after a steal), player B the other. In a zugzwang ending where the
//! columns fill up, each tends to get the cells of one row parity, so a threat's worth depends on
//! its owner's role and its row. Every feature is counted from A's side; the evaluation for the
//! side to move is `s * (features · weights)` plus tempo, `s` being +1 when A is to move.
//!
//! A threat is an empty cell that completes a four for its owner. Allis' observations used here:
//! a threat with another threat (either player's) below it in its column is usually moot, as the
//! lower one decides the column first ("moot"); two threats of one player directly above each
//! other win once the lower one becomes playable ("stacked"); a threat right above a playable cell
//! makes that cell poison for the opponent ("ready"); and what matters most is whether A holds
//! an odd threat and whether B holds an even one ("has ...": zero or one).

use super::Connect4;

/// Number of features.
pub const FEATURES: usize = 17;

/// The features' names, in order (for the tuner's table and the weights file's comments; the
/// CodinGame bundle, which has no tuner, leaves them out).
#[cfg(not(codingame_bundle))]
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "A's threats on odd rows (1-based from the bottom)",
    "A's threats on even rows",
    "B's threats on odd rows",
    "B's threats on even rows",
    "A's moot odd threats (a threat below in the column)",
    "A's moot even threats",
    "B's moot odd threats",
    "B's moot even threats",
    "A's stacked threats (one of A's directly below)",
    "B's stacked threats",
    "A's ready threats (right above a playable cell)",
    "B's ready threats",
    "A has a non-moot odd threat (0 or 1)",
    "B has a non-moot even threat (0 or 1)",
    "centre: A's chips minus B's, weighted by closeness to the centre column",
    "A's role (1: the first mover's advantage)",
    "tempo (for the side to move, not signed by role)",
];

/// Index of the tempo feature, the only one not signed by role.
pub const TEMPO: usize = FEATURES - 1;

/// The two roles' chips and threat cells (bitboards in the position's layout), and whether A
/// is to move: what the features and the network (`network.rs`) are computed from.
#[derive(Clone, Copy, Debug)]
pub struct Roles {
    /// A's chips.
    pub a: u64,
    /// B's chips.
    pub b: u64,
    /// A's threats: empty cells that complete a four of A's.
    pub ta: u64,
    /// B's threats.
    pub tb: u64,
    /// Whether A is to move (the chip count is even).
    pub a_to_move: bool,
}

impl<const W: usize, const H: usize> Connect4<W, H> {
    /// Every cell strictly above some cell of `cells` in the same column.
    #[inline]
    fn above(cells: u64) -> u64 {
        let mut up = Self::above_cells(cells);
        for _ in 1..H {
            up |= Self::above_cells(up);
        }
        up
    }

    /// The chips and threats of the two roles (see the module docs).
    #[inline]
    pub fn roles(&self) -> Roles {
        let opponent = self.current ^ self.mask;
        self.roles_with_threats(
            Self::winning_cells(self.current, self.mask),
            Self::winning_cells(opponent, self.mask),
        )
    }

    /// [`Connect4::roles`] given the side to move's threats `mine` and its opponent's `theirs`
    /// ([`Connect4::winning_cells`] of each), which the evaluation has already computed.
    #[inline]
    pub fn roles_with_threats(&self, mine: u64, theirs: u64) -> Roles {
        let a_to_move = self.mask.count_ones() % 2 == 0;
        let opponent = self.current ^ self.mask;
        let ((a, ta), (b, tb)) = if a_to_move {
            ((self.current, mine), (opponent, theirs))
        } else {
            ((opponent, theirs), (self.current, mine))
        };
        Roles {
            a,
            b,
            ta,
            tb,
            a_to_move,
        }
    }

    /// The features from A's side (see the module docs), and `s`: +1 when A is to move, -1 when
    /// B is. The evaluation is `s * sum(w[i] f[i] for i < TEMPO) + w[TEMPO]`.
    pub fn features(&self) -> ([i32; FEATURES], i32) {
        self.role_features(&self.roles())
    }

    /// [`Connect4::features`] of the position whose roles are `roles` ([`Connect4::roles`]).
    #[inline]
    fn role_features(&self, roles: &Roles) -> ([i32; FEATURES], i32) {
        let &Roles {
            a,
            b,
            ta,
            tb,
            a_to_move,
        } = roles;
        let moot = Self::above(ta | tb);
        let ready = Self::above_cells(self.playable());
        let (odd, even) = (Self::ODD_ROWS, Self::EVEN_ROWS);
        let n = |x: u64| x.count_ones() as i32;
        let mut centre = 0;
        let rings = W.div_ceil(2);
        for (k, ring) in Self::CENTRE_RINGS.iter().enumerate().take(rings) {
            centre += (rings - k) as i32 * (n(a & ring) - n(b & ring));
        }
        let f = [
            n(ta & odd),
            n(ta & even),
            n(tb & odd),
            n(tb & even),
            n(ta & moot & odd),
            n(ta & moot & even),
            n(tb & moot & odd),
            n(tb & moot & even),
            n(ta & Self::above_cells(ta)),
            n(tb & Self::above_cells(tb)),
            n(ta & ready),
            n(tb & ready),
            (ta & !moot & odd != 0) as i32,
            (tb & !moot & even != 0) as i32,
            centre,
            1,
            1,
        ];
        (f, if a_to_move { 1 } else { -1 })
    }

    /// The evaluation of the features with `weights`, from the side to move.
    #[inline]
    pub fn weighed(&self, weights: &[i32; FEATURES]) -> i32 {
        self.role_weighed(&self.roles(), weights)
    }

    /// [`Connect4::weighed`] of the position whose roles are `roles` ([`Connect4::roles`]).
    #[inline]
    pub fn role_weighed(&self, roles: &Roles, weights: &[i32; FEATURES]) -> i32 {
        let (f, s) = self.role_features(roles);
        let role: i32 = f[..TEMPO].iter().zip(weights).map(|(f, w)| f * w).sum();
        s * role + weights[TEMPO]
    }
}
