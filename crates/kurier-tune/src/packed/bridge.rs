//! The plies between two kept positions of a game: what lets the packed format store a
//! position as the moves that lead to it from the one before (a byte or two) rather than as a
//! board. Datagen keeps most positions (one ply apart), and skips those in check or before a
//! capture, so the next kept one is usually 1 ply on and at times 2 to a few.
//!
//! A move is stored as its index in the list [`Game::generate`] makes, so the generation order
//! is part of the format (each game record ends with a check of its last position, so a
//! reader whose order differs fails instead of reading other positions).
//!
//! One ply is found by trying every legal move; more by a search that only moves a piece from
//! a square that differs between the two positions or that an earlier move of the line landed
//! on (read from the move's protocol text, whose first and last square names are where it
//! starts and ends in all three games). A line the search misses costs only space: the
//! position is then stored whole.

use kurier_rules::game::{Game, MoveList};

/// The most plies looked for between two kept positions.
pub const MAX_GAP: usize = 8;
/// The most positions one search visits.
const BUDGET: u32 = 20_000;

/// A square as its name's letter and number: `(file, rank)`, from 0.
type Square = (u8, u16);

/// The board field of a FEN read square by square: `(square, letter)` for every square,
/// `'.'` for an empty one. `None` when the field is not a board of rows.
fn grid(fen: &str) -> Option<Vec<(Square, char)>> {
    let board = fen.split_whitespace().next()?;
    let rows: Vec<&str> = board.split('/').collect();
    let ranks = rows.len();
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = u16::try_from(ranks - 1 - i).ok()?;
        let mut file = 0u32;
        let mut run = 0u32;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                run = run.checked_mul(10)?.checked_add(d)?;
                continue;
            }
            for _ in 0..run {
                out.push(((u8::try_from(file).ok()?, rank), '.'));
                file += 1;
            }
            run = 0;
            out.push(((u8::try_from(file).ok()?, rank), c));
            file += 1;
        }
        for _ in 0..run {
            out.push(((u8::try_from(file).ok()?, rank), '.'));
            file += 1;
        }
        if file > 64 {
            return None;
        }
    }
    Some(out)
}

/// The squares whose contents differ between two FENs of a game.
fn changed(a: &str, b: &str) -> Option<Vec<Square>> {
    let (a, b) = (grid(a)?, grid(b)?);
    if a.len() != b.len() {
        return None;
    }
    Some(
        a.iter()
            .zip(&b)
            .filter(|(x, y)| x.1 != y.1 || x.0 != y.0)
            .map(|(x, _)| x.0)
            .collect(),
    )
}

/// The first and last square names of a move's protocol text (`c1e3`, `b7a8b`,
/// `f6e5,e5d4,d4d3`): where it starts and ends.
fn ends(text: &str) -> Option<(Square, Square)> {
    let bytes = text.as_bytes();
    let (mut first, mut last) = (None, None);
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        if bytes[i].is_ascii_lowercase() {
            i += 1;
            let digits = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            if i > digits {
                let rank: u16 = text[digits..i].parse().ok()?;
                let sq = (bytes[start] - b'a', rank.checked_sub(1)?);
                first.get_or_insert(sq);
                last = Some(sq);
            }
        } else {
            i += 1;
        }
    }
    Some((first?, last?))
}

/// The indices of the moves that lead from `from` to `to` (whose FEN is `to_fen`), in order:
/// one to [`MAX_GAP`] of them, or `None` when none is found.
pub fn bridge<G: Game>(from: &G, to: &G, to_fen: &str) -> Option<Vec<u16>> {
    let key = to.key();
    let same_side = from.side_to_move() == to.side_to_move();
    let mut path = Vec::new();
    let mut budget = BUDGET;
    if !same_side && search(from, 1, key, to_fen, None, &mut path, &mut budget) {
        return Some(path);
    }
    let mut allowed = changed(&from.fen(), to_fen)?;
    for gap in 2..=MAX_GAP {
        if (gap % 2 == 0) != same_side {
            continue;
        }
        if search(
            from,
            gap,
            key,
            to_fen,
            Some(&mut allowed),
            &mut path,
            &mut budget,
        ) {
            return Some(path);
        }
        if budget == 0 {
            break;
        }
    }
    None
}

/// Depth-first search for `plies` moves from `pos` to the position of `key` and `fen`; with
/// `allowed`, only moves from those squares (and the squares earlier moves landed on).
fn search<G: Game>(
    pos: &G,
    plies: usize,
    key: u64,
    fen: &str,
    mut allowed: Option<&mut Vec<Square>>,
    path: &mut Vec<u16>,
    budget: &mut u32,
) -> bool {
    if plies == 0 {
        return pos.key() == key && pos.fen() == fen;
    }
    let mut moves = MoveList::new();
    pos.generate(&mut moves);
    for (i, &mv) in moves.iter().enumerate() {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let mut pushed = false;
        if let Some(allowed) = allowed.as_deref_mut() {
            let Some((start, end)) = ends(&pos.format_move(mv)) else {
                continue;
            };
            if !allowed.contains(&start) {
                continue;
            }
            allowed.push(end);
            pushed = true;
        }
        path.push(i as u16);
        let child = pos.play(mv);
        if search(
            &child,
            plies - 1,
            key,
            fen,
            allowed.as_deref_mut(),
            path,
            budget,
        ) {
            return true;
        }
        path.pop();
        if pushed {
            if let Some(allowed) = allowed.as_deref_mut() {
                allowed.pop();
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurier_rules::games::courier::Courier;
    use kurier_rules::games::dual::DualCheckers;

    fn walk<G: Game>(plies: usize, pick: usize) -> Vec<G> {
        let mut line = vec![G::start()];
        for k in 0..plies {
            let mut moves = MoveList::new();
            line[k].generate(&mut moves);
            let next = line[k].play(moves[(k * pick + 3) % moves.len()]);
            line.push(next);
        }
        line
    }

    fn replay<G: Game>(from: &G, path: &[u16]) -> G {
        let mut pos = from.clone();
        for &i in path {
            let mut moves = MoveList::new();
            pos.generate(&mut moves);
            pos = pos.play(moves[usize::from(i)]);
        }
        pos
    }

    #[test]
    fn lines_of_one_to_several_plies_are_found() {
        let line = walk::<Courier>(12, 7);
        for gap in [1, 2, 3, 5] {
            let (a, b) = (&line[4], &line[4 + gap]);
            let path = bridge(a, b, &b.fen()).unwrap_or_else(|| panic!("gap {gap}"));
            assert_eq!(path.len(), gap);
            assert_eq!(replay(a, &path).fen(), b.fen());
        }
        let line = walk::<DualCheckers>(10, 5);
        let path = bridge(&line[2], &line[5], &line[5].fen()).unwrap();
        assert_eq!(replay(&line[2], &path).fen(), line[5].fen());
        // Backwards there is no line.
        assert_eq!(bridge(&line[5], &line[2], &line[2].fen()), None);
    }

    #[test]
    fn square_names_are_read_from_move_texts() {
        assert_eq!(ends("c1e3"), Some(((2, 0), (4, 2))));
        assert_eq!(ends("b7a8b"), Some(((1, 6), (0, 7))));
        assert_eq!(ends("f6e5,e5d4,d4d3"), Some(((5, 5), (3, 2))));
        assert_eq!(ends("l10"), Some(((11, 9), (11, 9))));
        assert_eq!(ends("x"), None);
        assert_eq!(changed("2p/3 w", "3/3 w"), Some(vec![(2, 1)]));
    }
}
