//! What the XBoard GUI 4.9.1 decides in a Courier game by itself, and where it disagrees with
//! the rule book (docs/rules.md C), so that the engine does not hand it such a position.
//!
//! XBoard plays `courier` as a variant it knows and, with its defaults (legality testing,
//! `-checkMates`, `-materialDraws` and `-testClaims` on in Debian's `/etc/xboard/xboard.conf`),
//! ends the game itself after every move (`backend.c`, `Adjudicate`):
//!
//! - no legal move: checkmate wins for the side that moved (C5 agrees), stalemate is a draw
//!   (C6: the stalemated side loses);
//! - neither side has "mating potential" (`MatingPotential`): a draw, although the rule book
//!   knows no such draw, and a side that bares the other keeping one piece wins (C7).
//!
//! It knows no bare-king rule in Courier (C7), and it tests a win claim between two engines
//! against its own verdict only (`GameEnds`): a bare-king win claimed by the winner counts as
//! false and forfeits the claimer, while a claim of one's own loss always stands.
//!
//! The engine therefore, under the XBoard GUI, (1) plays no move after which XBoard would end
//! the game with another result than the rule book's ([`misjudged_moves`]; when every legal
//! move is such a move it plays as usual), and (2) leaves a win that XBoard cannot see to the
//! loser's claim when XBoard tests claims ([`verifies_win`]).

use super::session::AnyRecord;
use crate::search::Searchable;
use kurier_rules::game::{Color, Game, MoveList, Outcome, Reason};
use kurier_rules::games::courier::movegen::{generate_by_move_rules, CountSink};
use kurier_rules::games::courier::{Courier, Piece};
use kurier_rules::record::GameRecord;

/// XBoard 4.9.1's own verdict on a Courier position (`Adjudicate` with its defaults), as a PGN
/// result (`1-0`, `0-1`, `1/2-1/2`); `None` while it lets the game go on.
pub fn courier_verdict(pos: &Courier) -> Option<&'static str> {
    // MateTest: XBoard's move rules are Courier's move rules without the bare king (C7).
    let mut moves = CountSink(0);
    generate_by_move_rules(pos, &mut moves);
    if moves.0 == 0 {
        return Some(match (pos.in_check(), pos.side_to_move()) {
            (true, Color::White) => "0-1",
            (true, Color::Black) => "1-0",
            (false, _) => "1/2-1/2",
        });
    }
    let material = Material::of(pos);
    if !material.mating_potential(Color::White) && !material.mating_potential(Color::Black) {
        return Some("1/2-1/2");
    }
    None
}

/// The search ids of the legal moves after which XBoard 4.9.1 would end a Courier game with
/// another result than the rule book's (empty for the other games, whose XBoard setup the
/// engine defines: `xboard_session::setup_reply`).
pub fn misjudged_moves(record: &AnyRecord) -> Vec<u32> {
    match record {
        AnyRecord::Courier(r) => courier_misjudged(r),
        AnyRecord::Schachdame(_) | AnyRecord::DualCheckers(_) => Vec::new(),
    }
}

fn courier_misjudged(record: &GameRecord<Courier>) -> Vec<u32> {
    let mut moves = MoveList::new();
    record.current().generate(&mut moves);
    moves
        .iter()
        .filter(|&&mv| {
            let mut next = record.clone();
            next.play(mv);
            let rules = next.outcome().map(Outcome::result_str);
            courier_verdict(next.current()).is_some_and(|xboard| rules != Some(xboard))
        })
        .map(|&mv| Courier::move_id(mv))
        .collect()
}

/// True when XBoard, testing a claim of `outcome` (a win) in this position, finds it true:
/// it sees the same result by its own rules. Checkmate always; in Courier not a bare king nor
/// a stalemate (docs/rules.md C6, C7).
pub fn verifies_win(record: &AnyRecord, outcome: Outcome) -> bool {
    match (record, outcome) {
        (_, Outcome::Draw(_)) => true,
        (AnyRecord::Courier(r), win) => courier_verdict(r.current()) == Some(win.result_str()),
        (_, Outcome::Win { reason, .. }) => reason == Reason::Checkmate,
    }
}

/// The piece counts XBoard's `MatingPotential` reads (`Count` in backend.c), with Courier's
/// pieces as XBoard names them: courier = bishop, fers = ferz, alfil, schleich = wazir, mann.
struct Material {
    /// Pieces by side and kind (`Piece` order), the king included.
    count: [[u32; Piece::COUNT]; 2],
    /// Bit 0 / bit 1: some bishop, ferz or alfil (either side) stands on a square with even /
    /// odd file + rank.
    bishop_colours: u32,
}

impl Material {
    fn of(pos: &Courier) -> Material {
        let mut count = [[0; Piece::COUNT]; 2];
        let mut bishop_colours = 0;
        for color in [Color::White, Color::Black] {
            for piece in Piece::ALL {
                let squares = pos.pieces(color, piece);
                count[color.index()][piece as usize] = squares.count_ones();
                if matches!(piece, Piece::Courier | Piece::Fers | Piece::Alfil) {
                    for sq in kurier_rules::bitboard::squares128(squares) {
                        let (file, rank) = (sq % 12, sq / 12);
                        bishop_colours |= 1 << ((file ^ rank) & 1);
                    }
                }
            }
        }
        Material {
            count,
            bishop_colours,
        }
    }

    fn n(&self, color: Color, piece: Piece) -> u32 {
        self.count[color.index()][piece as usize]
    }

    /// `MatingPotential` of XBoard 4.9.1 for a game with one king a side, line by line.
    fn mating_potential(&self, side: Color) -> bool {
        let his = side.flip();
        let total = |c: Color| self.count[c.index()].iter().sum::<u32>();
        let (mut mine, theirs) = (total(side), total(his));
        let bishops = self.n(side, Piece::Courier) + self.n(side, Piece::Fers);
        if mine == 1 {
            return false;
        }
        if bishops > 0 && self.bishop_colours == 3 {
            return true;
        }
        // All bishops (and ferzes) on one colour count as one.
        mine = mine + u32::from(bishops > 0) - bishops;
        if mine > 2 && mine != self.n(side, Piece::Alfil) + 1 {
            return true;
        }
        if self.n(side, Piece::Knight) > 0 {
            return self.n(his, Piece::Knight)
                + self.n(his, Piece::Courier)
                + self.n(his, Piece::Mann)
                + self.n(his, Piece::Wazir)
                + self.bishop_colours
                > 0
                || theirs > 3;
        }
        if bishops > 0 {
            return self.n(his, Piece::Knight) > 0;
        }
        if self.n(side, Piece::Alfil) > 0 {
            return theirs > 2;
        }
        if self.n(side, Piece::Wazir) > 0 {
            return self.n(his, Piece::Knight)
                + self.n(his, Piece::Wazir)
                + self.n(his, Piece::Alfil)
                > 0;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Courier {
        Courier::from_fen(fen).unwrap()
    }

    #[test]
    fn xboard_calls_a_courier_stalemate_a_draw() {
        // Black king a8, not in check, every square guarded: b8 and b7 by the king c7, a7 by
        // the schleich a6.
        let stale = pos("k11/2K9/W11/12/12/12/12/12 b - - 0 1");
        assert!(!stale.in_check());
        assert_eq!(
            stale.outcome(),
            Some(Outcome::Win {
                winner: Color::White,
                reason: Reason::Stalemate
            }),
            "C6"
        );
        assert_eq!(courier_verdict(&stale), Some("1/2-1/2"));
    }

    #[test]
    fn xboard_calls_some_winning_material_a_draw() {
        // K+F against a bare king, Black to move: C7 plays on for one move (White wins unless
        // Black takes the fers); XBoard sees no mating potential on either side.
        let p = pos("k11/12/12/12/12/12/5F6/6K5 b - - 0 1");
        assert_eq!(p.outcome(), None);
        assert_eq!(courier_verdict(&p), Some("1/2-1/2"));
        // K+R against a bare king: XBoard sees mating potential and lets the game go on.
        assert_eq!(
            courier_verdict(&pos("k11/12/12/12/12/12/5R6/6K5 b - - 0 1")),
            None
        );
        // Two fers on squares of one colour: one "bishop" for XBoard, no potential.
        assert_eq!(
            courier_verdict(&pos("k11/12/12/12/12/12/4F1F5/6K5 b - - 0 1")),
            Some("1/2-1/2")
        );
        // On both colours they can mate.
        assert_eq!(
            courier_verdict(&pos("k11/12/12/12/12/12/4FF6/6K5 b - - 0 1")),
            None
        );
        // Two bare kings: a draw both ways (C8).
        assert_eq!(
            courier_verdict(&pos("k11/12/12/12/12/12/12/6K5 b - - 0 1")),
            Some("1/2-1/2")
        );
    }

    #[test]
    fn moves_xboard_would_misjudge_are_found() {
        // The fers takes Black's last piece, leaving K+F against a bare king: XBoard says
        // draw, the rules play on (C7).
        let record = AnyRecord::from_fen(
            kurier_rules::games::Variant::Courier,
            "k11/12/12/12/12/12/5F6/4n1K5 w - - 0 1",
        )
        .unwrap();
        let misjudged = misjudged_moves(&record);
        let AnyRecord::Courier(r) = &record else {
            unreachable!()
        };
        let take = r.current().parse_move("f2e1").unwrap();
        assert!(misjudged.contains(&Courier::move_id(take)), "{misjudged:?}");
        let quiet = r.current().parse_move("g1h1").unwrap();
        assert!(!misjudged.contains(&Courier::move_id(quiet)));
    }

    #[test]
    fn xboard_verifies_mates_only() {
        let mate = AnyRecord::from_fen(
            kurier_rules::games::Variant::Courier,
            "k6R4/12/1K10/12/12/12/12/12 b - - 0 1",
        )
        .unwrap();
        let outcome = mate.outcome().unwrap();
        assert_eq!(outcome.result_str(), "1-0");
        assert!(verifies_win(&mate, outcome));
        // Black is bare against K+R+R: C7, White has won; XBoard sees nothing.
        let bare = AnyRecord::from_fen(
            kurier_rules::games::Variant::Courier,
            "k11/12/12/12/12/12/2R9/3R2K5 b - - 0 1",
        )
        .unwrap();
        let outcome = bare.outcome().unwrap();
        assert_eq!(outcome.result_str(), "1-0");
        assert!(!verifies_win(&bare, outcome));
    }
}
