//! Standard Algebraic Notation (SAN) for the two chess games, Courier chess and Schachdame: the
//! [`San`] trait and the parts both games share — disambiguation, the check and mate marks, and
//! the tolerant reader.
//!
//! SAN is written the way cutechess-cli and Fairy-Stockfish write these games in their PGN:
//!
//! - the piece's upper-case FEN letter (docs/rules.md C2, S2), none for a pawn;
//! - the origin's file, else its rank, else the whole square, only when another legal move of
//!   the same kind of piece reaches the same square (the PGN standard's rule, as
//!   Fairy-Stockfish applies it: the file when no other such piece stands on the same file, else
//!   the rank when none stands on the same rank, else both);
//! - `x` before the target of a capture; a pawn's capture always names the pawn's file (`gxh5`);
//! - the target square (`l8` on Courier's twelve files, docs/rules.md C9);
//! - `=` and the new piece's letter after a promotion (`c8=F`, `a8=B`; docs/rules.md C4, S6);
//! - `+` when the move gives check, `#` when it gives check and the checked side has no move
//!   (checkmate, docs/rules.md C5, S7). A stalemate gets no mark, even in Courier where it loses
//!   (C6), and neither does a win by the bare-king rule (C7): cutechess and Fairy-Stockfish mark
//!   only check and checkmate, and judge mate by the moves alone, bare king or not.
//!
//! Reading ([`San::parse_san`]) is tolerant, as PGN readers are: the check and mate marks may be
//! missing or wrong, annotations (`!`, `?`, `!?`) may follow, the `x` may be missing or be there
//! for a quiet move, `=` may be left out (`c8F`) and the promotion itself too (the pawn can only
//! become one piece), a disambiguation may be given when none is needed (`Rd1d4`), and the long
//! forms read too: LAN (`Rd1-d4`, `Rd1xd4`, `e2-e3`) and the game's own protocol notation
//! (`i2i3`, `c7c8f`). What it never does is guess: a text that could mean two legal moves is
//! [`MoveError::Ambiguous`], one that names none is [`MoveError::Illegal`], and one that is not
//! shaped like a move is [`MoveError::Syntax`].
//!
//! Dual checkers has no SAN: its moves keep their capture-path notation (docs/rules.md D).

use crate::game::{square_name, Game, MoveError};

/// SAN and LAN for a game whose moves are piece moves from one square to another (Courier chess
/// and Schachdame; see the [module documentation](self) for the exact forms).
pub trait San: Game {
    /// The move in SAN (`Ra3`, `gxh5`, `Nfd4`, `c8=F`, `Exf5#`); `mv` must be legal here.
    fn san(&self, mv: Self::Move) -> String;

    /// The move in long algebraic notation, as Fairy-Stockfish writes it: the piece letter, the
    /// origin, `-` or `x`, the target, the promotion and the check mark (`Rd1-d4`, `g4xh5`,
    /// `c7-c8=F+`); `mv` must be legal here.
    fn lan(&self, mv: Self::Move) -> String;

    /// Reads a move in SAN, LAN or the game's protocol notation and checks it against the legal
    /// moves; ambiguous or illegal text is an error, never a guess.
    fn parse_san(&self, text: &str) -> Result<Self::Move, MoveError>;
}

/// What a game tells SAN: its board, its piece letters, and per legal move its facts and its
/// check mark. Every game that says these is [`San`] by the one implementation below, so the
/// writing and reading stay the same for all of them.
pub trait SanRules: Game {
    /// Files and ranks of the board.
    const BOARD: (usize, usize);
    /// The upper-case piece letters the reader takes, the pawn's among them.
    const LETTERS: &'static [char];
    /// What SAN says of the legal move `mv`.
    fn san_facts(&self, mv: Self::Move) -> SanFacts;
    /// The mark the legal move `mv` earns: none, `+` or `#`.
    fn check_mark(&self, mv: Self::Move) -> CheckMark;
}

/// The legal moves of `pos` with their facts.
fn all_facts<G: SanRules>(pos: &G) -> Vec<(G::Move, SanFacts)> {
    let mut list = crate::game::MoveList::new();
    pos.generate(&mut list);
    list.iter().map(|&m| (m, pos.san_facts(m))).collect()
}

impl<G: SanRules> San for G {
    fn san(&self, mv: G::Move) -> String {
        let all: Vec<SanFacts> = all_facts(self).into_iter().map(|(_, f)| f).collect();
        write_san(&self.san_facts(mv), &all, self.check_mark(mv))
    }

    fn lan(&self, mv: G::Move) -> String {
        write_lan(&self.san_facts(mv), self.check_mark(mv))
    }

    fn parse_san(&self, text: &str) -> Result<G::Move, MoveError> {
        parse_san(self, text, &all_facts(self), G::BOARD, G::LETTERS)
    }
}

/// What SAN says of one legal move: the facts writing and reading both work from. Squares are
/// (file, rank), both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SanFacts {
    /// The moving piece's upper-case FEN letter; `None` for a pawn.
    pub piece: Option<char>,
    /// The origin square.
    pub from: (u8, u8),
    /// The target square.
    pub to: (u8, u8),
    /// True when the move takes a piece.
    pub capture: bool,
    /// The upper-case letter of the piece a promoting pawn becomes.
    pub promotion: Option<char>,
}

/// What a move does to the side that has to answer it: SAN's last mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CheckMark {
    /// No check: no mark.
    None,
    /// Check, and the checked side has a move: `+`.
    Check,
    /// Check, and the checked side has no move (checkmate): `#`.
    Mate,
}

impl CheckMark {
    /// The mark as text: ``, `+` or `#`.
    pub const fn as_str(self) -> &'static str {
        match self {
            CheckMark::None => "",
            CheckMark::Check => "+",
            CheckMark::Mate => "#",
        }
    }
}

fn push_square(out: &mut String, (file, rank): (u8, u8)) {
    out.push_str(&square_name(file as usize, rank as usize));
}

/// The SAN of the move `mv` in a position whose legal moves are `all` (`mv` among them), with
/// the mark `check` (see the [module documentation](self) for the rules).
pub fn write_san(mv: &SanFacts, all: &[SanFacts], check: CheckMark) -> String {
    let mut out = String::new();
    let (file, rank) = mv.from;
    let file_letter = (b'a' + file) as char;
    if let Some(letter) = mv.piece {
        out.push(letter);
    }
    if mv.piece.is_none() && mv.capture {
        // A pawn's capture names the pawn's file, needed or not.
        out.push(file_letter);
    } else {
        let mut others = all
            .iter()
            .filter(|o| o.piece == mv.piece && o.to == mv.to && o.from != mv.from)
            .peekable();
        if others.peek().is_some() {
            let (mut same_file, mut same_rank) = (false, false);
            for o in others {
                same_file |= o.from.0 == file;
                same_rank |= o.from.1 == rank;
            }
            if !same_file {
                out.push(file_letter);
            } else if !same_rank {
                out.push_str(&(rank + 1).to_string());
            } else {
                push_square(&mut out, mv.from);
            }
        }
    }
    if mv.capture {
        out.push('x');
    }
    push_square(&mut out, mv.to);
    push_suffix(&mut out, mv, check);
    out
}

/// The promotion (`=F`) and the check mark of `mv`, the common end of SAN and LAN.
fn push_suffix(out: &mut String, mv: &SanFacts, check: CheckMark) {
    if let Some(p) = mv.promotion {
        out.push('=');
        out.push(p);
    }
    out.push_str(check.as_str());
}

/// The LAN of the move `mv` with the mark `check`: `Rd1-d4`, `g4xh5`, `c7-c8=F+`.
pub fn write_lan(mv: &SanFacts, check: CheckMark) -> String {
    let mut out = String::new();
    if let Some(letter) = mv.piece {
        out.push(letter);
    }
    push_square(&mut out, mv.from);
    out.push(if mv.capture { 'x' } else { '-' });
    push_square(&mut out, mv.to);
    push_suffix(&mut out, mv, check);
    out
}

/// A move text read as SAN or LAN, before it is matched against the legal moves. `None` means
/// "not said".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pattern {
    /// The piece letter; `None` (no letter) and `Some('P')` both mean a pawn.
    piece: Option<char>,
    /// The letter the text starts with, if any (`P` included).
    letter: Option<char>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: (u8, u8),
    promotion: Option<char>,
}

/// The text without surrounding blanks and without trailing check, mate and annotation marks
/// (`+`, `#`, `!`, `?`, in any number and order).
pub fn strip_marks(text: &str) -> &str {
    text.trim().trim_end_matches(['+', '#', '!', '?'])
}

/// Reads the rank number at the end of `text` (digits, 1..=`ranks`); returns it from 0 and the
/// text before it.
fn split_rank(text: &str, ranks: usize) -> Option<(&str, u8)> {
    let digits = text.bytes().rev().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let (head, tail) = text.split_at(text.len() - digits);
    let rank: usize = tail.parse().ok()?;
    (1..=ranks)
        .contains(&rank)
        .then(|| (head, (rank - 1) as u8))
}

/// Reads the file letter at the end of `text` (`a` and the next `files - 1` letters).
fn split_file(text: &str, files: usize) -> Option<(&str, u8)> {
    let c = *text.as_bytes().last()?;
    (c.is_ascii_lowercase() && ((c - b'a') as usize) < files)
        .then(|| (&text[..text.len() - 1], c - b'a'))
}

/// Reads SAN or LAN into a [`Pattern`]; `letters` are the game's upper-case piece letters, the
/// pawn's `P` among them. `None` when the text is not shaped like a move.
fn pattern(text: &str, files: usize, ranks: usize, letters: &[char]) -> Option<Pattern> {
    if !text.is_ascii() || text.is_empty() {
        return None;
    }
    let first = text.chars().next()?;
    let (piece, mut rest) = if first.is_ascii_uppercase() {
        if !letters.contains(&first) {
            return None;
        }
        (Some(first), &text[1..])
    } else {
        (None, text)
    };
    // The promotion: `=F`, `(F)`, or a bare letter after the target's rank (`c8F`, `c8f`).
    let mut promotion = None;
    if let Some(inner) = rest.strip_suffix(')') {
        let (head, letter) = inner.split_at(inner.len().checked_sub(1)?);
        rest = head.strip_suffix('(')?;
        promotion = Some(letter.chars().next()?.to_ascii_uppercase());
    } else if let Some(c) = rest.chars().last().filter(char::is_ascii_alphabetic) {
        promotion = Some(c.to_ascii_uppercase());
        rest = &rest[..rest.len() - 1];
        rest = rest.strip_suffix('=').unwrap_or(rest);
    } else if rest.ends_with('=') {
        return None;
    }
    if let Some(p) = promotion {
        if !letters.contains(&p) {
            return None;
        }
    }
    let (head, to_rank) = split_rank(rest, ranks)?;
    let (head, to_file) = split_file(head, files)?;
    // The separator of LAN or the capture mark, which may be missing or wrong.
    let (head, separated) = match head.strip_suffix(['x', 'X', ':', '-']) {
        Some(h) => (h, true),
        None => (head, false),
    };
    if separated && piece.is_none() && head.is_empty() {
        // `xd4`, `-d4`: a pawn's capture mark needs the pawn's file before it.
        return None;
    }
    let (head, from_rank) = match split_rank(head, ranks) {
        Some((h, r)) => (h, Some(r)),
        None => (head, None),
    };
    let (head, from_file) = match split_file(head, files) {
        Some((h, f)) => (h, Some(f)),
        None => (head, None),
    };
    if !head.is_empty() {
        return None;
    }
    Some(Pattern {
        piece: piece.filter(|&p| p != 'P'),
        letter: piece,
        from_file,
        from_rank,
        to: (to_file, to_rank),
        promotion,
    })
}

impl Pattern {
    fn matches(&self, m: &SanFacts) -> bool {
        m.piece == self.piece
            && m.to == self.to
            && self.from_file.is_none_or(|f| m.from.0 == f)
            && self.from_rank.is_none_or(|r| m.from.1 == r)
            && self.promotion.is_none_or(|p| m.promotion == Some(p))
    }
}

/// The shared reader behind [`San::parse_san`]: SAN and LAN matched against `moves` (every
/// legal move with its facts), and `pos`'s protocol notation (what [`Game::parse_move`] reads).
/// `files` and `ranks` give the board, `letters` the game's upper-case piece letters (the pawn's
/// `P` among them).
///
/// A text that starts with a piece letter is SAN or LAN and nothing else: `B3d4` is a bishop
/// coming from the third rank, although the protocol reader, which takes upper-case squares
/// (`I2I3`), would read it as `b3d4`. Any other text may read both ways — `b2b3` is a pawn's LAN
/// and a protocol move, `d1d4` only a protocol move when the piece on d1 is no pawn — and every
/// legal move that one of the readings names counts: one is the move, two or more are
/// [`MoveError::Ambiguous`].
pub fn parse_san<G: Game>(
    pos: &G,
    text: &str,
    moves: &[(G::Move, SanFacts)],
    (files, ranks): (usize, usize),
    letters: &[char],
) -> Result<G::Move, MoveError> {
    let trimmed = text.trim();
    let bare = strip_marks(trimmed);
    let coordinate = pos.parse_move(bare);
    let Some(wanted) = pattern(bare, files, ranks, letters) else {
        return coordinate.map_err(|e| match e {
            MoveError::Syntax(_) => MoveError::Syntax(trimmed.to_string()),
            e => e,
        });
    };
    let mut found: Vec<G::Move> = moves
        .iter()
        .filter(|(_, f)| wanted.matches(f))
        .map(|&(m, _)| m)
        .collect();
    if let (Ok(mv), None) = (coordinate, wanted.letter) {
        if !found.contains(&mv) {
            found.push(mv);
        }
    }
    match found.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(MoveError::Illegal {
            text: trimmed.to_string(),
            legal: moves.iter().map(|&(m, _)| pos.format_move(m)).collect(),
        }),
        _ => Err(MoveError::Ambiguous {
            text: trimmed.to_string(),
            candidates: found.iter().map(|&m| pos.format_move(m)).collect(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const COURIER: (usize, usize) = (12, 8);
    const LETTERS: [char; 9] = ['P', 'N', 'B', 'R', 'E', 'F', 'M', 'W', 'K'];

    fn pat(text: &str) -> Option<Pattern> {
        pattern(strip_marks(text), COURIER.0, COURIER.1, &LETTERS)
    }

    fn facts(piece: Option<char>, from: (u8, u8), to: (u8, u8), capture: bool) -> SanFacts {
        SanFacts {
            piece,
            from,
            to,
            capture,
            promotion: None,
        }
    }

    #[test]
    fn patterns_of_every_shape() {
        let p = pat("Rd1-d4").unwrap();
        assert_eq!(
            (p.piece, p.from_file, p.from_rank, p.to),
            (Some('R'), Some(3), Some(0), (3, 3))
        );
        assert_eq!(pat("Rd1xd4"), pat("Rd1-d4"));
        assert_eq!(pat("Rd1d4"), pat("Rd1-d4"));
        let p = pat("gxh5").unwrap();
        assert_eq!((p.piece, p.from_file, p.to), (None, Some(6), (7, 4)));
        assert_eq!(pat("gh5"), pat("gxh5"));
        assert_eq!(
            pat("Pgxh5").map(|p| Pattern { letter: None, ..p }),
            pat("gxh5")
        );
        let p = pat("R8k5").unwrap();
        assert_eq!((p.from_file, p.from_rank, p.to), (None, Some(7), (10, 4)));
        let p = pat("axb8=F+").unwrap();
        assert_eq!(
            (p.from_file, p.to, p.promotion),
            (Some(0), (1, 7), Some('F'))
        );
        assert_eq!(pat("axb8F"), pat("axb8=F"));
        assert_eq!(pat("axb8(F)"), pat("axb8=F"));
        assert_eq!(pat("axb8f"), pat("axb8=F"));
        assert_eq!(pat("Exf5#!?").unwrap().to, (5, 4));
        assert_eq!(pat("l8=F").unwrap().to, (11, 7));
        for bad in [
            "", "Q", "Qd4", "Rm1", "Rd9", "Rd0", "R", "d", "=F", "l8=", "l8=Q", "xd4", "Rdd1d4",
            "O-O", "e2e4e5", "Rd1--d4", "é4",
        ] {
            assert_eq!(pat(bad), None, "{bad}");
        }
    }

    #[test]
    fn disambiguation_file_then_rank_then_square() {
        let r = |from| facts(Some('R'), from, (3, 3), false);
        // Alone: no origin.
        assert_eq!(write_san(&r((3, 0)), &[r((3, 0))], CheckMark::None), "Rd4");
        // Another rook on another file: the file.
        let all = [r((3, 0)), r((0, 3))];
        assert_eq!(write_san(&all[0], &all, CheckMark::Check), "Rdd4+");
        // On the same file: the rank.
        let all = [r((3, 0)), r((3, 7))];
        assert_eq!(write_san(&all[0], &all, CheckMark::None), "R1d4");
        // One on the same file, one on the same rank: the square.
        let all = [r((3, 0)), r((3, 7)), r((0, 0))];
        assert_eq!(write_san(&all[0], &all, CheckMark::Mate), "Rd1d4#");
        assert_eq!(write_lan(&all[0], CheckMark::Mate), "Rd1-d4#");
        // One on the same file, one elsewhere (not on the rank): the rank is enough.
        let all = [r((3, 0)), r((3, 7)), r((0, 3))];
        assert_eq!(write_san(&all[0], &all, CheckMark::None), "R1d4");
        // Another kind of piece reaching the square does not count.
        let all = [r((3, 0)), facts(Some('W'), (3, 4), (3, 3), false)];
        assert_eq!(write_san(&all[0], &all, CheckMark::None), "Rd4");
    }

    #[test]
    fn pawns_captures_and_promotions() {
        let take = facts(None, (6, 3), (7, 4), true);
        assert_eq!(write_san(&take, &[take], CheckMark::None), "gxh5");
        assert_eq!(write_lan(&take, CheckMark::None), "g4xh5");
        let push = SanFacts {
            promotion: Some('F'),
            ..facts(None, (2, 6), (2, 7), false)
        };
        assert_eq!(write_san(&push, &[push], CheckMark::Check), "c8=F+");
        assert_eq!(write_lan(&push, CheckMark::None), "c7-c8=F");
        // Schachdame: two pawns can step to the same square without capturing.
        let (a, c) = (
            facts(None, (0, 2), (1, 3), false),
            facts(None, (2, 2), (1, 3), false),
        );
        assert_eq!(write_san(&a, &[a, c], CheckMark::None), "ab4");
        assert_eq!(write_san(&c, &[a, c], CheckMark::None), "cb4");
        assert_eq!(write_san(&a, &[a], CheckMark::None), "b4");
    }
}
