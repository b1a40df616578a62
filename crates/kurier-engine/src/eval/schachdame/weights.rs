//! The Schachdame evaluation's weights: what each weight means and where its first value came
//! from ([`Weights`], grouped by term in the order the terms are added up, `mod.rs`). The values
//! are in `table.rs` ([`super::table::W`]), in the form `kurier tune --variant schachdame
//! --out` writes. "Untuned" means a weight has not been fitted to games yet.
//!
//! The first values are the hand evaluation's (pawn 100, the bishop 325 of Sjaak II's
//! Schachdame definition, `docs/peers/sjaak_schachdame.txt`: a bishop confined to the dark
//! squares loses nothing, as every square in play is dark), spread over the tables below so
//! that the table evaluates every position as the hand evaluation did; the terms it did not
//! have start at 0 and come from the tuner.

pub use crate::eval::table::{Field, Leaves, Tuned, WeightTable, S};
use Tuned::{All, Fixed};

/// The evaluation weights, one place to tune them. Indexed by piece, tables follow
/// [`kurier_rules::games::schachdame::Piece`]: pawn, bishop, king.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    // -- Material and piece-square terms (material.rs).
    /// Material by piece: pawn 100, bishop 325 (see the module's comment), the king 0.
    pub material: [S; 3],
    /// Phase weight per piece kind (pawn 1, bishop 3): the start position's sum is
    /// [`FULL_PHASE`].
    pub phase: [i32; 3],
    /// Piece-square tables, `pst[piece][rank][k]`: the square as seen from the piece's own side
    /// (Black's board turned half round, as its pieces stand at the start: docs/rules.md S3),
    /// its rank from the own first rank and `k` the dark square's place in the rank from the
    /// a-file side (0..4; every square in play is dark, S1). First values: the pawn's, the hand
    /// evaluation's bonus by rank, (0, 0), (0, 0), (4, 8), (8, 16), (14, 30), (24, 50),
    /// (40, 80); the king's endgame value, -8 per step from the centre (the larger of the file
    /// and rank distances); the bishop's 0.
    pub pst: [[[S; 4]; 8]; 3],

    // -- Pawns (pawns.rs).
    /// A pawn no enemy pawn can stop (none in its forward cone), by rank from its own side:
    /// the hand evaluation's 0, 0, 5, 10, 20, 35, 60, halved in the middlegame.
    pub passed: [S; 8],
    /// A pawn defended by an own pawn. Untuned, 0.
    pub pawn_supported: S,
    /// A pawn that can neither move nor capture (own pieces on every square in front of it).
    /// Untuned, 0.
    pub pawn_stuck: S,

    // -- Mobility (mobility.rs).
    /// Bishop, by the number of squares it attacks that hold no own piece and no enemy pawn
    /// attacks, 0..=13: the hand evaluation's (4, 3) per square.
    pub mobility_bishop: [S; 14],

    // -- King safety (king_safety.rs).
    /// By the number of own pawns on the two squares diagonally in front of the king (0..=2):
    /// the hand evaluation's 10 per pawn, midgame.
    pub king_shelter: [S; 3],
    /// Per square of the king's ring (its square and the four diagonal neighbours) an enemy
    /// bishop attacks. Untuned, 0.
    pub king_ring_attacked: S,
    /// By the number of enemy bishops attacking the king's ring (0, 1, 2, 3 or more). Untuned,
    /// 0.
    pub king_attackers: [S; 4],
    /// Per square from which an enemy bishop could give check without being taken there
    /// (no own piece attacks it). Untuned, 0.
    pub safe_check: S,

    // -- Threats (threats.rs): bonuses for the attacker.
    /// Per enemy bishop an own pawn attacks. Untuned, 0.
    pub threat_by_pawn: S,
    /// Per enemy pawn or bishop we attack that no enemy piece defends. Untuned, 0.
    pub hanging: S,

    // -- Side to move.
    /// Bonus for the side to move: the hand evaluation's 10.
    pub tempo: i32,
}

/// Phase of the start position: six pawns (1 each) and a bishop (3) a side.
pub const FULL_PHASE: i32 = 18;

/// Where the evaluation reads its weights: the engine's constant table ([`super::Shipped`]:
/// its reads fold into the code) or the tuner's `&Weights`. Each term is generic over it.
pub(super) trait Table: Copy {
    /// The weights.
    fn w(&self) -> &Weights;
}

impl Table for &Weights {
    #[inline(always)]
    fn w(&self) -> &Weights {
        self
    }
}

impl WeightTable for Weights {
    const HEADER: &'static str = HEADER;

    fn piece_name(i: usize) -> String {
        use kurier_rules::games::schachdame::Piece;
        format!("{:?}", Piece::ALL[i.min(Piece::ALL.len() - 1)])
    }

    /// Every field, in the order of the struct. Left out of the fit: `phase` (structure).
    fn fields<'a>(&'a mut self, visit: &mut dyn FnMut(Field, &'a mut dyn Leaves)) {
        let f = Field::new;
        visit(
            f("material", All)
                .by_piece()
                .section("Material and piece-square terms (material.rs)."),
            &mut self.material,
        );
        visit(f("phase", Fixed), &mut self.phase);
        visit(f("pst", All).by_piece(), &mut self.pst);
        visit(
            f("passed", All).section("Pawns (pawns.rs)."),
            &mut self.passed,
        );
        visit(f("pawn_supported", All), &mut self.pawn_supported);
        visit(f("pawn_stuck", All), &mut self.pawn_stuck);
        visit(
            f("mobility_bishop", All).section("Mobility (mobility.rs)."),
            &mut self.mobility_bishop,
        );
        visit(
            f("king_shelter", All).section("King safety (king_safety.rs)."),
            &mut self.king_shelter,
        );
        visit(f("king_ring_attacked", All), &mut self.king_ring_attacked);
        visit(f("king_attackers", All), &mut self.king_attackers);
        visit(f("safe_check", All), &mut self.safe_check);
        visit(
            f("threat_by_pawn", All).section("Threats (threats.rs)."),
            &mut self.threat_by_pawn,
        );
        visit(f("hanging", All), &mut self.hanging);
        visit(f("tempo", All).section("Side to move."), &mut self.tempo);
    }

    /// The weights that must not fall along a line, each line as names of
    /// [`WeightTable::param_names`] in order: bishop mobility rises with the squares, a passed
    /// pawn's bonus with its rank (the ranks a pawn can stand on, 1st to 7th: docs/rules.md S3 and S6,
    /// two pawns start on the first rank), and so does a pawn's endgame square value on every
    /// file.
    fn rising_lines(&self) -> Vec<Vec<String>> {
        let mut lines = Vec::new();
        for ph in [".mg", ".eg"] {
            lines.push(
                (0..self.mobility_bishop.len())
                    .map(|i| format!("mobility_bishop[{i}]{ph}"))
                    .collect(),
            );
            lines.push((0..7).map(|r| format!("passed[{r}]{ph}")).collect());
        }
        let pawn = kurier_rules::games::schachdame::Piece::Pawn as usize;
        for k in 0..4 {
            lines.push(
                (0..7)
                    .map(|r| format!("pst[{pawn}][{r}][{k}].eg"))
                    .collect(),
            );
        }
        lines
    }
}

/// The start of `table.rs`.
const HEADER: &str = "\
//! The Schachdame evaluation's weights, the values: what each one means and where its first
//! value came from is on the fields of [`Weights`] (`weights.rs`). `kurier tune --variant
//! schachdame --out FILE.rs` writes a file of this form; a tuned table replaces this file as it
//! is.

use super::weights::{Weights, S};

/// The weights the engine plays with.
#[rustfmt::skip]
pub const W: Weights = Weights {
";
