//! The Courier evaluation's weights: one table, [`W`], grouped by term in the order the terms are
//! added up (`mod.rs`). Every weight says where its first value came from; "untuned" means it
//! has not been fitted to games yet (issue 13's tuner will fit them).

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A midgame and an endgame value, tapered by the game phase at the end of the evaluation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct S(pub i32, pub i32);

impl S {
    /// Zero in both phases.
    pub const ZERO: S = S(0, 0);
}

impl Add for S {
    type Output = S;
    #[inline(always)]
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}

impl Sub for S {
    type Output = S;
    #[inline(always)]
    fn sub(self, o: S) -> S {
        S(self.0 - o.0, self.1 - o.1)
    }
}

impl AddAssign for S {
    #[inline(always)]
    fn add_assign(&mut self, o: S) {
        *self = *self + o;
    }
}

impl SubAssign for S {
    #[inline(always)]
    fn sub_assign(&mut self, o: S) {
        *self = *self - o;
    }
}

impl Neg for S {
    type Output = S;
    #[inline(always)]
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline(always)]
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}

/// The evaluation weights, one place to tune them. Indexed by piece, tables follow
/// [`kurier_rules::games::courier::Piece`]: pawn, knight, courier, rook, alfil, fers, mann,
/// schleich (wazir), king.
pub(super) struct Weights {
    // -- Material (material.rs).
    /// Material by piece. Untuned. First values: Fairy-Stockfish's piece values as it plays
    /// Courier, scaled by 300/781 (our knight to its knight, the scale of every FSF-derived
    /// weight here): its fers, alfil, wazir and commoner values; pawn, knight, bishop and
    /// rook from its chess values, the pawn's endgame value less (2682 - 450) / 100 for
    /// promoting to a fers only, the two sliders times 14/12 for the 12x8 board and the rook,
    /// the strongest piece, plus a twentieth of what it lacks to a queen. Against the
    /// previous values (H. G. Muller's fairy-piece measurements with the chess pawn, rook and
    /// bishop) the pawn is about half as much against the knight, the rook about 25% and the
    /// courier about 12% more.
    pub material: [S; 9],
    /// Phase weight per piece kind; the sum over the start position's pieces is
    /// [`FULL_PHASE`].
    pub phase: [i32; 9],

    // -- Piece-square terms (pst.rs).
    /// Piece-square tables, `pst[piece][rank][file]`: the rank counted from the piece's own
    /// side (0 = its first rank), the file from the nearer edge (0 = a or l, 5 = f or g): the
    /// tables are the same for both wings and both colours. Untuned. First values:
    /// - knight, courier (bishop), rook, king: Fairy-Stockfish's chess tables (files a..d, the
    ///   d-file value also for e and f, as FSF reads them on a wider board) scaled by 300/781
    ///   (our knight to its knight); the king's moved by a constant (50, 48) so that its mean
    ///   is about 0. They favour the king's home ranks (and wings) in the middlegame and the
    ///   centre in the endgame;
    /// - alfil, fers, mann, schleich: FSF's table for fairy leapers, the same in both phases,
    ///   `u x (file from the edge + max(rank from the nearer back edge, 1) - 5)` with u = 20
    ///   for the one-step pieces and 10 for the alfil, scaled alike: centralisation;
    /// - pawn: by rank from the first, 0, 0, 1/2, 3/4, 5/7, 7/10, 9/14, so that a pawn on the
    ///   7th rank stays worth less than the fers it becomes (docs/rules.md C4; the previous
    ///   bonus, up to 35/75, made a pawn on the 6th worth more than a fers, so Kurier kept
    ///   its pawns short of promotion); and in the middlegame on ranks 2 to 5 -6, -3, 0, 3, 5,
    ///   6 from the edge file inward (central pawns forward).
    pub pst: [[[S; 6]; 8]; 9],

    // -- Mobility (mobility.rs): by the number of safe squares a piece attacks (no own piece
    // on it, no enemy pawn attacking it). Untuned. First values: the knight, courier (bishop)
    // and rook rows are Fairy-Stockfish's classical chess mobility tables scaled by 300/781
    // (our knight to its knight), continued past their end with half the last step (the
    // courier reaches 14 squares, the rook always 18 on the 12x8 board); the short-range rows
    // are Fairy-Stockfish's saturating curve for fairy pieces, (150, 200) x (m - 2) / (m + 8),
    // scaled alike.
    /// Knight, 0..=8 squares.
    pub mobility_knight: [S; 9],
    /// Courier, 0..=14 squares.
    pub mobility_courier: [S; 15],
    /// Rook, 0..=18 squares.
    pub mobility_rook: [S; 19],
    /// Alfil, 0..=4 squares.
    pub mobility_alfil: [S; 5],
    /// Fers, 0..=4 squares.
    pub mobility_fers: [S; 5],
    /// Mann, 0..=8 squares.
    pub mobility_mann: [S; 9],
    /// Schleich (wazir), 0..=4 squares.
    pub mobility_wazir: [S; 5],

    // -- King safety (king_safety.rs).
    /// Own pawns right in front of or beside the king (shelter), midgame. Untuned first guess.
    pub king_shelter: i32,
    /// King danger: attack units per square of the king's ring (the king's square and its
    /// neighbours) that an enemy piece attacks, by attacking piece. Untuned.
    pub king_attack_units: [i32; 9],
    /// King danger, midgame: `units² × num / den`, at most `max`, once two or more enemy pieces
    /// attack the ring (a lone attacker is no attack). Untuned.
    pub king_danger: (i32, i32, i32),

    // -- Threats (threats.rs): bonuses for the attacker. Untuned. First values:
    // Fairy-Stockfish's classical threat weights scaled by 300/781 (our knight to its knight).
    /// Per enemy piece (not a pawn) attacked by one of our pawns that is not itself en prise
    /// (undefended and attacked): FSF's ThreatBySafePawn.
    pub threat_by_pawn: S,
    /// Per enemy piece attacked by a piece of ours worth less (pawns counted apart, above), by
    /// the attacked kind: FSF's ThreatByMinor for knight, courier (bishop) and rook; about 8%
    /// of the piece's value for the others (the alfil is worth less than every piece, so its
    /// row never applies).
    pub threat_by_lesser: [S; 9],
    /// Per enemy piece or pawn we attack that no enemy piece defends: FSF's Hanging.
    pub hanging: S,

    // -- Passed pawns and open files (pawns.rs). Untuned. A passed pawn is scored as a share
    // of what its promotion gains (the fers less the pawn, docs/rules.md C4), in 256ths, so
    // that a pawn on the 7th stays worth less than the fers it becomes. First values:
    // Fairy-Stockfish's passed-pawn terms, which it scales by the promotion piece's value
    // (the fers for the queen), taken as shares of its own promotion gain (fers less pawn,
    // 294 midgame, 264 endgame).
    /// Share by the pawn's rank from its own side: FSF's PassedRank.
    pub passed_rank: [S; 8],
    /// Share by rank when no piece stands on the path to the last rank and the enemy
    /// attacks none of it: FSF's largest free-path bonus, 36 x (5 r - 13) from the 4th rank.
    pub passed_free: [S; 8],
    /// Endgame share by rank per step (at most 5) the enemy king stands from the square in
    /// front of the pawn: FSF's 19/4 x (5 r - 13).
    pub passed_king_them: [i32; 8],
    /// Endgame share by rank per step (at most 5) our own king stands from that square
    /// (subtracted): FSF's 2 x (5 r - 13).
    pub passed_king_us: [i32; 8],
    /// A rook on a file without pawns: FSF's RookOnOpenFile scaled by 300/781.
    pub rook_open_file: S,
    /// A rook on a file without own pawns but with enemy ones: FSF's semi-open value, scaled
    /// alike.
    pub rook_half_open_file: S,

    // -- Endgame (endgame.rs). Baring the enemy king wins (docs/rules.md C7), checkmate and
    // stalemate win (C5, C6), the 50-move rule draws (C8). All untuned first guesses unless
    // said otherwise: Fairy-Stockfish has no endgame knowledge for Courier (its evaluation of
    // a game with a bare-king rule skips the chess endgame code) beyond the 50-move decay.
    /// Per piece (besides the king) on the board, endgame: baring the enemy king wins
    /// (docs/rules.md C7), so keeping pieces matters beyond their value. Untuned first guess.
    pub piece_count: i32,
    /// A side that is bare while the other is not has lost or is one move from losing (C7):
    /// this much on top of the material for the other side. More than any material lead of an
    /// ending, far below the mate scores.
    pub bare_king: S,
    /// Lead in endgame material (pawns and pieces besides the king) from which a side counts as
    /// clearly ahead and the conversion terms below apply: more than a fers, less than a knight.
    pub convert_margin: i32,
    /// Endgame bonus of the side clearly ahead by the number of enemy pieces and pawns left
    /// besides the king (index 0 unused: that is [`Weights::bare_king`]; the last entry for
    /// that many or more): the fewer, the nearer the bare king.
    pub bare_potential: [i32; 5],
    /// The hunt and the drive apply while the enemy has at most this many pieces and pawns
    /// besides the king.
    pub hunt_max_pieces: u32,
    /// Hunt, endgame: per enemy piece or pawn the side clearly ahead attacks.
    pub hunt_attacked: i32,
    /// Hunt, endgame: per square an enemy piece could go to that the side clearly ahead does
    /// not attack (negative: a trapped last piece is a lost last piece).
    pub hunt_freedom: i32,
    /// Drive, endgame: per step the weaker king stands nearer a corner (its distances to the
    /// nearest side edge and to the nearest back edge, summed, out of 8).
    pub drive_edge: i32,
    /// Drive, endgame: per step the stronger king stands nearer the weaker one (out of 11).
    pub drive_close: i32,
    /// Scaling: without pawns, a lead of at most `.0` in endgame material is scaled by
    /// `.1 / 64` (the enemy's last pieces are defended by its king). The factor is
    /// Fairy-Stockfish's chess value for a pawnless lead of at most a bishop (14/64).
    pub scale_small_lead: (i32, i32),
    /// Scaling, out of 64: the stronger side has no pawns and only pieces bound to one colour
    /// of squares (courier, fers, alfil), the weaker side no pawns and only such pieces on the
    /// other colour: only the king can ever attack them, and one colour cannot mate.
    pub scale_wrong_colour: i32,
    /// 50-move rule (C8): past this many reversible plies the score shrinks linearly to 0 at
    /// 100. Fairy-Stockfish shrinks it from the first ply, `v * (100 - n) / 100`.
    pub rule50_start: i32,

    // -- Side to move.
    /// Bonus for the side to move. Untuned first guess.
    pub tempo: i32,
}

/// Phase of the start position: 2 knights, 2 couriers, 2 rooks, 2 alfils, fers, mann,
/// schleich a side, weighted by [`Weights::phase`].
pub(super) const FULL_PHASE: i32 = 2 * (2 + 4 + 6 + 2 + 1 + 2 + 1);

/// The weights.
pub(super) const W: Weights = Weights {
    // -- Material (material.rs).
    material: [
        S(48, 71),
        S(300, 328),
        S(370, 410),
        S(592, 639),
        S(134, 127),
        S(161, 173),
        S(269, 346),
        S(154, 134),
        S(0, 0),
    ],
    phase: [0, 1, 2, 3, 1, 1, 2, 1, 0],

    // -- Piece-square terms (pst.rs).
    pst: [
        // Pawn.
        [
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(-6, 0), S(-3, 0), S(0, 0), S(3, 0), S(5, 0), S(6, 0)],
            [S(-5, 2), S(-2, 2), S(1, 2), S(4, 2), S(6, 2), S(7, 2)],
            [S(-3, 4), S(0, 4), S(3, 4), S(6, 4), S(8, 4), S(9, 4)],
            [S(-1, 7), S(2, 7), S(5, 7), S(8, 7), S(10, 7), S(11, 7)],
            [S(7, 10), S(7, 10), S(7, 10), S(7, 10), S(7, 10), S(7, 10)],
            [S(9, 14), S(9, 14), S(9, 14), S(9, 14), S(9, 14), S(9, 14)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
        ],
        // Knight.
        [
            [
                S(-67, -37),
                S(-35, -25),
                S(-28, -19),
                S(-28, -8),
                S(-28, -8),
                S(-28, -8),
            ],
            [
                S(-30, -26),
                S(-16, -21),
                S(-10, -7),
                S(-6, 3),
                S(-6, 3),
                S(-6, 3),
            ],
            [
                S(-23, -15),
                S(-7, -10),
                S(2, -3),
                S(5, 11),
                S(5, 11),
                S(5, 11),
            ],
            [
                S(-13, -13),
                S(3, -1),
                S(15, 5),
                S(19, 11),
                S(19, 11),
                S(19, 11),
            ],
            [
                S(-13, -17),
                S(5, -6),
                S(17, 3),
                S(20, 15),
                S(20, 15),
                S(20, 15),
            ],
            [
                S(-3, -20),
                S(8, -17),
                S(22, -6),
                S(20, 7),
                S(20, 7),
                S(20, 7),
            ],
            [
                S(-26, -27),
                S(-10, -19),
                S(2, -20),
                S(14, 5),
                S(14, 5),
                S(14, 5),
            ],
            [
                S(-77, -38),
                S(-32, -34),
                S(-22, -22),
                S(-10, -7),
                S(-10, -7),
                S(-10, -7),
            ],
        ],
        // Courier.
        [
            [
                S(-14, -15),
                S(-2, -8),
                S(-2, -10),
                S(-6, -3),
                S(-6, -3),
                S(-6, -3),
            ],
            [S(-4, -10), S(2, -3), S(5, -5), S(1, 0), S(1, 0), S(1, 0)],
            [S(-2, -4), S(6, 0), S(-2, 0), S(5, 3), S(5, 3), S(5, 3)],
            [S(-2, -5), S(3, -2), S(7, 0), S(10, 5), S(10, 5), S(10, 5)],
            [S(-3, -5), S(8, 0), S(6, -4), S(8, 4), S(8, 4), S(8, 4)],
            [S(-4, -8), S(2, 2), S(0, 1), S(3, 2), S(3, 2), S(3, 2)],
            [S(-5, -8), S(-4, -5), S(2, 0), S(0, 0), S(0, 0), S(0, 0)],
            [
                S(-13, -12),
                S(0, -11),
                S(-4, -10),
                S(-6, -7),
                S(-6, -7),
                S(-6, -7),
            ],
        ],
        // Rook.
        [
            [
                S(-12, -3),
                S(-8, -5),
                S(-5, -4),
                S(-2, -3),
                S(-2, -3),
                S(-2, -3),
            ],
            [S(-8, -5), S(-5, -3), S(-3, 0), S(2, -1), S(2, -1), S(2, -1)],
            [S(-10, 2), S(-4, -3), S(0, -1), S(1, -2), S(1, -2), S(1, -2)],
            [S(-5, -2), S(-2, 0), S(-2, -3), S(-2, 3), S(-2, 3), S(-2, 3)],
            [S(-10, -2), S(-6, 3), S(-2, 3), S(1, -2), S(1, -2), S(1, -2)],
            [S(-8, 2), S(-1, 0), S(2, -3), S(5, 4), S(5, 4), S(5, 4)],
            [S(-1, 2), S(5, 2), S(6, 8), S(7, -2), S(7, -2), S(7, -2)],
            [S(-7, 7), S(-7, 0), S(0, 7), S(3, 5), S(3, 5), S(3, 5)],
        ],
        // Alfil.
        [
            [
                S(-15, -15),
                S(-12, -12),
                S(-8, -8),
                S(-4, -4),
                S(0, 0),
                S(4, 4),
            ],
            [
                S(-15, -15),
                S(-12, -12),
                S(-8, -8),
                S(-4, -4),
                S(0, 0),
                S(4, 4),
            ],
            [S(-12, -12), S(-8, -8), S(-4, -4), S(0, 0), S(4, 4), S(8, 8)],
            [S(-8, -8), S(-4, -4), S(0, 0), S(4, 4), S(8, 8), S(12, 12)],
            [S(-8, -8), S(-4, -4), S(0, 0), S(4, 4), S(8, 8), S(12, 12)],
            [S(-12, -12), S(-8, -8), S(-4, -4), S(0, 0), S(4, 4), S(8, 8)],
            [
                S(-15, -15),
                S(-12, -12),
                S(-8, -8),
                S(-4, -4),
                S(0, 0),
                S(4, 4),
            ],
            [
                S(-15, -15),
                S(-12, -12),
                S(-8, -8),
                S(-4, -4),
                S(0, 0),
                S(4, 4),
            ],
        ],
        // Fers.
        [
            [
                S(-31, -31),
                S(-23, -23),
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
            ],
            [
                S(-31, -31),
                S(-23, -23),
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
            ],
            [
                S(-23, -23),
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
                S(15, 15),
            ],
            [
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
                S(15, 15),
                S(23, 23),
            ],
            [
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
                S(15, 15),
                S(23, 23),
            ],
            [
                S(-23, -23),
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
                S(15, 15),
            ],
            [
                S(-31, -31),
                S(-23, -23),
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
            ],
            [
                S(-31, -31),
                S(-23, -23),
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
            ],
        ],
        // Mann.
        [
            [
                S(-31, -31),
                S(-23, -23),
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
            ],
            [
                S(-31, -31),
                S(-23, -23),
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
            ],
            [
                S(-23, -23),
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
                S(15, 15),
            ],
            [
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
                S(15, 15),
                S(23, 23),
            ],
            [
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
                S(15, 15),
                S(23, 23),
            ],
            [
                S(-23, -23),
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
                S(15, 15),
            ],
            [
                S(-31, -31),
                S(-23, -23),
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
            ],
            [
                S(-31, -31),
                S(-23, -23),
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
            ],
        ],
        // Wazir.
        [
            [
                S(-31, -31),
                S(-23, -23),
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
            ],
            [
                S(-31, -31),
                S(-23, -23),
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
            ],
            [
                S(-23, -23),
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
                S(15, 15),
            ],
            [
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
                S(15, 15),
                S(23, 23),
            ],
            [
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
                S(15, 15),
                S(23, 23),
            ],
            [
                S(-23, -23),
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
                S(15, 15),
            ],
            [
                S(-31, -31),
                S(-23, -23),
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
            ],
            [
                S(-31, -31),
                S(-23, -23),
                S(-15, -15),
                S(-8, -8),
                S(0, 0),
                S(8, 8),
            ],
        ],
        // King.
        [
            [
                S(54, -48),
                S(76, -31),
                S(54, -15),
                S(26, -19),
                S(26, -19),
                S(26, -19),
            ],
            [
                S(57, -28),
                S(66, -10),
                S(40, 3),
                S(19, 4),
                S(19, 4),
                S(19, 4),
            ],
            [
                S(25, -14),
                S(49, 2),
                S(15, 17),
                S(-4, 19),
                S(-4, 19),
                S(-4, 19),
            ],
            [
                S(13, -8),
                S(23, 12),
                S(3, 18),
                S(-12, 18),
                S(-12, 18),
                S(-12, 18),
            ],
            [
                S(9, -11),
                S(19, 16),
                S(-10, 28),
                S(-23, 28),
                S(-23, 28),
                S(-23, 28),
            ],
            [
                S(-3, -13),
                S(6, 18),
                S(-19, 23),
                S(-38, 25),
                S(-38, 25),
                S(-38, 25),
            ],
            [
                S(-16, -30),
                S(-4, -2),
                S(-25, -3),
                S(-37, 2),
                S(-37, 2),
                S(-37, 2),
            ],
            [
                S(-27, -44),
                S(-16, -25),
                S(-33, -20),
                S(-50, -18),
                S(-50, -18),
                S(-50, -18),
            ],
        ],
    ],

    // -- Mobility (mobility.rs).
    mobility_knight: [
        S(-24, -30),
        S(-20, -22),
        S(-5, -12),
        S(-1, -7),
        S(1, 3),
        S(5, 5),
        S(8, 6),
        S(11, 8),
        S(14, 10),
    ],
    mobility_courier: [
        S(-18, -23),
        S(-8, -10),
        S(5, -3),
        S(11, 5),
        S(15, 8),
        S(20, 15),
        S(20, 22),
        S(23, 22),
        S(24, 25),
        S(26, 28),
        S(30, 30),
        S(32, 33),
        S(35, 34),
        S(37, 38),
        S(38, 40),
    ],
    mobility_rook: [
        S(-23, -31),
        S(-9, -6),
        S(0, 7),
        S(1, 17),
        S(2, 28),
        S(5, 38),
        S(8, 39),
        S(12, 47),
        S(16, 51),
        S(16, 53),
        S(16, 59),
        S(17, 61),
        S(22, 63),
        S(22, 65),
        S(26, 67),
        S(28, 68),
        S(29, 69),
        S(30, 70),
        S(31, 71),
    ],
    mobility_alfil: [S(-14, -19), S(-6, -9), S(0, 0), S(5, 7), S(10, 13)],
    mobility_fers: [S(-14, -19), S(-6, -9), S(0, 0), S(5, 7), S(10, 13)],
    mobility_mann: [
        S(-14, -19),
        S(-6, -9),
        S(0, 0),
        S(5, 7),
        S(10, 13),
        S(13, 18),
        S(16, 22),
        S(19, 26),
        S(22, 29),
    ],
    mobility_wazir: [S(-14, -19), S(-6, -9), S(0, 0), S(5, 7), S(10, 13)],

    // -- King safety (king_safety.rs).
    king_shelter: 8,
    king_attack_units: [0, 2, 2, 3, 1, 1, 2, 1, 0],
    king_danger: (3, 2, 700),

    // -- Threats (threats.rs).
    threat_by_pawn: S(66, 36),
    threat_by_lesser: [
        S(0, 0),
        S(21, 16),
        S(30, 22),
        S(34, 46),
        S(10, 10),
        S(12, 12),
        S(24, 18),
        S(11, 11),
        S(0, 0),
    ],
    hanging: S(26, 14),

    // -- Passed pawns and open files (pawns.rs).
    passed_rank: [
        S(0, 0),
        S(1, 3),
        S(2, 3),
        S(2, 4),
        S(7, 7),
        S(18, 17),
        S(30, 25),
        S(0, 0),
    ],
    passed_free: [
        S(0, 0),
        S(0, 0),
        S(0, 0),
        S(8, 7),
        S(27, 24),
        S(46, 41),
        S(65, 58),
        S(0, 0),
    ],
    passed_king_them: [0, 0, 0, 1, 3, 5, 8, 0],
    passed_king_us: [0, 0, 0, 0, 1, 2, 3, 0],
    rook_open_file: S(18, 10),
    rook_half_open_file: S(7, 2),

    // -- Endgame (endgame.rs).
    piece_count: 15,
    bare_king: S(1500, 1500),
    convert_margin: 200,
    bare_potential: [0, 120, 60, 30, 10],
    hunt_max_pieces: 2,
    hunt_attacked: 40,
    hunt_freedom: -8,
    drive_edge: 10,
    drive_close: 8,
    scale_small_lead: (160, 14),
    scale_wrong_colour: 8,
    rule50_start: 20,

    // -- Side to move.
    tempo: 10,
};
