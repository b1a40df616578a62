//! The Courier evaluation's weights: what each weight means and where its first value came from
//! ([`Weights`], grouped by term in the order the terms are added up, `mod.rs`); "untuned" means
//! it has not been fitted to games yet. The values themselves are in `table.rs`
//! ([`super::table::W`]), in the form `kurier tune --out` writes.
//!
//! For the tuner the table is a list of numbers: [`Weights::fields`] names every field once,
//! with which of its numbers are weights to fit ([`Tuned`]) and which are structure (the phase
//! table, thresholds, counts). Everything the tuner and the source writer do with a table
//! (`params.rs`) goes through that one list. The evaluation reads a table through [`Table`]:
//! the engine's is fixed at compile time, the tuner's is any `&Weights`.

pub use crate::eval::table::{Field, Leaves, Shape, Tuned, WeightTable, S};

/// The evaluation weights, one place to tune them. Indexed by piece, tables follow
/// [`kurier_rules::games::courier::Piece`]: pawn, knight, courier, rook, alfil, fers, mann,
/// schleich (wazir), king.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
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
    /// neighbours) that an enemy piece attacks, by attacking piece. Untuned. First guess, in
    /// units of a quarter: 2 for the knight, courier and mann, 3 for the rook, 1 for the short
    /// steppers (the quarters give the tuner steps of a quarter).
    pub king_attack_units: [i32; 9],
    /// King danger, midgame: `units² × num / den`, at most `max`, once two or more enemy pieces
    /// attack the ring (a lone attacker is no attack). Untuned. First guess: 3/2 of the squared
    /// whole units, that is 300/3200 of the squared quarters; `den` only sets the scale of
    /// `num` (the tuner leaves it alone), a large one lets `num` move in fine steps.
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
    pub hunt_max_pieces: i32,
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
pub const FULL_PHASE: i32 = 2 * (2 + 4 + 6 + 2 + 1 + 2 + 1);

/// Where the evaluation reads its weights. The engine's table is a constant
/// (`mod.rs`: its reads fold into the code, as if the terms read [`super::table::W`] directly);
/// the tuner's is any `&Weights`. Each term is generic over it, so the engine's code is the
/// same as if there were no other table.
pub(super) trait Table: Copy {
    /// The weights.
    fn w(&self) -> &Weights;

    /// The piece-square value of a piece on `own`, the square as seen from its own side (rank
    /// 0 its first): [`Weights::pst`] mirrored to the other wing.
    #[inline(always)]
    fn pst(&self, piece: usize, own: usize) -> S {
        use kurier_rules::games::courier::attacks::FILES;
        let f = own % FILES;
        let edge = if f < FILES / 2 { f } else { FILES - 1 - f };
        self.w().pst[piece][own / FILES][edge]
    }
}

impl Table for &Weights {
    #[inline(always)]
    fn w(&self) -> &Weights {
        self
    }
}

use Tuned::{All, Fixed};

impl WeightTable for Weights {
    const HEADER: &'static str = HEADER;

    fn piece_name(i: usize) -> String {
        use kurier_rules::games::courier::Piece;
        format!("{:?}", Piece::ALL[i.min(Piece::COUNT - 1)])
    }

    /// Every field, in the order of the struct, each once: `visit(field, its numbers)`. The one
    /// list of the table's parameters: flattening, names and the source text follow it. A field
    /// missing here would be missing from the source `kurier tune` writes, which would then not
    /// compile (and a test compares the written source with `table.rs`).
    ///
    /// Left out of the fit ([`Tuned::Fixed`] and the `false` of [`Tuned::Only`]): `phase` (the
    /// phase table: structure), `king_danger.1` (the divisor: only the ratio to `.0` counts),
    /// `convert_margin` and `scale_small_lead.0` (thresholds on the material: the evaluation
    /// is flat in them almost everywhere), `hunt_max_pieces` (a count), `rule50_start` (plies).
    fn fields<'a>(&'a mut self, visit: &mut dyn FnMut(Field, &'a mut dyn Leaves)) {
        let f = Field::new;
        visit(
            f("material", All)
                .by_piece()
                .section("Material (material.rs)."),
            &mut self.material,
        );
        visit(f("phase", Fixed), &mut self.phase);
        visit(
            f("pst", All)
                .by_piece()
                .section("Piece-square terms (pst.rs)."),
            &mut self.pst,
        );
        visit(
            f("mobility_knight", All).section("Mobility (mobility.rs)."),
            &mut self.mobility_knight,
        );
        visit(f("mobility_courier", All), &mut self.mobility_courier);
        visit(f("mobility_rook", All), &mut self.mobility_rook);
        visit(f("mobility_alfil", All), &mut self.mobility_alfil);
        visit(f("mobility_fers", All), &mut self.mobility_fers);
        visit(f("mobility_mann", All), &mut self.mobility_mann);
        visit(f("mobility_wazir", All), &mut self.mobility_wazir);
        visit(
            f("king_shelter", All).section("King safety (king_safety.rs)."),
            &mut self.king_shelter,
        );
        visit(f("king_attack_units", All), &mut self.king_attack_units);
        const DANGER: &[bool] = &[true, false, true];
        visit(f("king_danger", Tuned::Only(DANGER)), &mut self.king_danger);
        visit(
            f("threat_by_pawn", All).section("Threats (threats.rs)."),
            &mut self.threat_by_pawn,
        );
        visit(
            f("threat_by_lesser", All).by_piece(),
            &mut self.threat_by_lesser,
        );
        visit(f("hanging", All), &mut self.hanging);
        visit(
            f("passed_rank", All).section("Passed pawns and open files (pawns.rs)."),
            &mut self.passed_rank,
        );
        visit(f("passed_free", All), &mut self.passed_free);
        visit(f("passed_king_them", All), &mut self.passed_king_them);
        visit(f("passed_king_us", All), &mut self.passed_king_us);
        visit(f("rook_open_file", All), &mut self.rook_open_file);
        visit(f("rook_half_open_file", All), &mut self.rook_half_open_file);
        visit(
            f("piece_count", All).section("Endgame (endgame.rs)."),
            &mut self.piece_count,
        );
        visit(f("bare_king", All), &mut self.bare_king);
        visit(f("convert_margin", Fixed), &mut self.convert_margin);
        visit(f("bare_potential", All), &mut self.bare_potential);
        visit(f("hunt_max_pieces", Fixed), &mut self.hunt_max_pieces);
        visit(f("hunt_attacked", All), &mut self.hunt_attacked);
        visit(f("hunt_freedom", All), &mut self.hunt_freedom);
        visit(f("drive_edge", All), &mut self.drive_edge);
        visit(f("drive_close", All), &mut self.drive_close);
        const LEAD: &[bool] = &[false, true];
        visit(
            f("scale_small_lead", Tuned::Only(LEAD)),
            &mut self.scale_small_lead,
        );
        visit(f("scale_wrong_colour", All), &mut self.scale_wrong_colour);
        visit(f("rule50_start", Fixed), &mut self.rule50_start);
        visit(f("tempo", All).section("Side to move."), &mut self.tempo);
    }

    /// The weights that must not fall along a line, each line as names of
    /// [`Weights::param_names`] in order (a weight never below the one before it): the shapes
    /// the evaluation's tests check, which a fit must keep (`kurier tune` projects onto them).
    /// Mobility rises with the squares (`mobility.rs`), a passed pawn's shares rise with its
    /// rank (`pawns.rs`: the ranks a pawn can stand on, 2nd to 7th), a pawn's endgame square
    /// value rises with its rank on every file (`pst.rs`).
    fn rising_lines(&self) -> Vec<Vec<String>> {
        let mut lines = Vec::new();
        let phases = [".mg", ".eg"];
        let mobility = [
            ("mobility_knight", self.mobility_knight.len()),
            ("mobility_courier", self.mobility_courier.len()),
            ("mobility_rook", self.mobility_rook.len()),
            ("mobility_alfil", self.mobility_alfil.len()),
            ("mobility_fers", self.mobility_fers.len()),
            ("mobility_mann", self.mobility_mann.len()),
            ("mobility_wazir", self.mobility_wazir.len()),
        ];
        for (name, n) in mobility {
            for ph in phases {
                lines.push((0..n).map(|i| format!("{name}[{i}]{ph}")).collect());
            }
        }
        for name in ["passed_rank", "passed_free"] {
            for ph in phases {
                lines.push((1..7).map(|r| format!("{name}[{r}]{ph}")).collect());
            }
        }
        for name in ["passed_king_them", "passed_king_us"] {
            lines.push((1..7).map(|r| format!("{name}[{r}]")).collect());
        }
        let pawn = kurier_rules::games::courier::Piece::Pawn as usize;
        for f in 0..self.pst[pawn][0].len() {
            lines.push(
                (1..7)
                    .map(|r| format!("pst[{pawn}][{r}][{f}].eg"))
                    .collect(),
            );
        }
        lines
    }
}

/// The start of `table.rs`.
const HEADER: &str = "\
//! The Courier evaluation's weights, the values: what each one means and where its first value
//! came from is on the fields of [`Weights`] (`weights.rs`). `kurier tune --variant courier
//! --out FILE.rs` writes a file of this form; a tuned table replaces this file as it is.

use super::weights::{Weights, S};

/// The weights the engine plays with.
#[rustfmt::skip]
pub const W: Weights = Weights {
";
