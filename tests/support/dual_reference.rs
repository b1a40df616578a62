//! A second, deliberately simple implementation of docs/rules.md section D, for checking the real
//! generator: a plain `[i8; 64]` board (0 empty, ±1 man, ±2 king; White positive), walks square
//! by square in (file, rank) coordinates, captured pieces marked in a `[bool; 64]` and left on the
//! board, and duplicates (D12) removed by a `BTreeSet`. The king's landing rule (D8) is applied
//! the other way round from the real generator: every landing square is explored, and those whose
//! capture stopped there are dropped afterwards when another landing went on.
//!
//! Nothing here shares code with `src/games/dual`; it is slow and allocates freely.

// Plain index loops over the board array are the point of this implementation.
#![allow(dead_code, clippy::needless_range_loop)]

use std::collections::BTreeSet;

/// A position: the board and the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    /// `board[rank * 8 + file]`: 0 empty, 1 white man, 2 white king, -1 black man, -2 black king.
    pub board: [i8; 64],
    /// True when White is to move.
    pub white: bool,
}

/// A move by its D12 identity; `king` is the piece at the end of the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RefMove {
    /// Origin.
    pub from: usize,
    /// Destination.
    pub to: usize,
    /// Captured squares as a bit set.
    pub captured: u64,
    /// The moved piece is a king after the move.
    pub king: bool,
}

/// Reads the board form of the FEN (`1m1m1m1m/... w 0 1`).
pub fn parse(fen: &str) -> RefPos {
    let mut parts = fen.split_whitespace();
    let rows = parts.next().expect("board");
    let mut board = [0i8; 64];
    for (i, row) in rows.split('/').enumerate() {
        let rank = 7 - i;
        let mut file = 0;
        for c in row.chars() {
            if let Some(n) = c.to_digit(10) {
                file += n as usize;
            } else {
                board[rank * 8 + file] = match c {
                    'M' => 1,
                    'K' => 2,
                    'm' => -1,
                    'k' => -2,
                    _ => panic!("bad letter {c}"),
                };
                file += 1;
            }
        }
    }
    RefPos {
        board,
        white: parts.next() != Some("b"),
    }
}

fn sq(f: i32, r: i32) -> Option<usize> {
    if (0..8).contains(&f) && (0..8).contains(&r) {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}

fn fr(s: usize) -> (i32, i32) {
    ((s % 8) as i32, (s / 8) as i32)
}

const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

struct Search<'a> {
    board: &'a [i8; 64],
    dead: [bool; 64],
    me: i8,
    origin: usize,
    far_rank: i32,
}

impl Search<'_> {
    fn is_enemy(&self, s: usize) -> bool {
        self.board[s] * self.me < 0 && !self.dead[s]
    }

    fn empty(&self, s: usize) -> bool {
        // The origin was cleared from the board copy; captured pieces are still on it (D6).
        self.board[s] == 0
    }

    fn dead_set(&self) -> u64 {
        (0..64).filter(|&s| self.dead[s]).map(|s| 1u64 << s).sum()
    }

    /// Continues from `at`; returns true when at least one more capture was made from here.
    fn chase(&mut self, at: usize, king: bool, out: &mut BTreeSet<RefMove>) -> bool {
        let (f, r) = fr(at);
        let mut any = false;
        if !king {
            for (df, dr) in DIAG {
                let (Some(n), Some(l)) = (sq(f + df, r + dr), sq(f + 2 * df, r + 2 * dr)) else {
                    continue;
                };
                if self.is_enemy(n) && self.empty(l) {
                    any = true;
                    self.dead[n] = true;
                    let k = fr(l).1 == self.far_rank;
                    self.chase(l, k, out);
                    self.dead[n] = false;
                }
            }
            for (df, dr) in ORTHO {
                let Some(n) = sq(f + df, r + dr) else {
                    continue;
                };
                if self.is_enemy(n) {
                    any = true;
                    self.dead[n] = true;
                    let k = fr(n).1 == self.far_rank;
                    self.chase(n, k, out);
                    self.dead[n] = false;
                }
            }
        } else {
            for (df, dr) in DIAG {
                let mut k = 1;
                while sq(f + k * df, r + k * dr).is_some_and(|s| self.empty(s)) {
                    k += 1;
                }
                let Some(victim) = sq(f + k * df, r + k * dr) else {
                    continue;
                };
                if !self.is_enemy(victim) {
                    continue;
                }
                let mut landings = Vec::new();
                let mut j = k + 1;
                while let Some(s) = sq(f + j * df, r + j * dr) {
                    if !self.empty(s) {
                        break;
                    }
                    landings.push(s);
                    j += 1;
                }
                if landings.is_empty() {
                    continue;
                }
                any = true;
                self.dead[victim] = true;
                let mut explored = Vec::new();
                for &l in &landings {
                    let mut sub = BTreeSet::new();
                    let went_on = self.chase(l, true, &mut sub);
                    explored.push((went_on, sub));
                }
                let someone_went_on = explored.iter().any(|(w, _)| *w);
                for (went_on, sub) in explored {
                    if went_on || !someone_went_on {
                        out.extend(sub);
                    }
                }
                self.dead[victim] = false;
            }
            for (df, dr) in ORTHO {
                let mut k = 1;
                while sq(f + k * df, r + k * dr).is_some_and(|s| self.empty(s)) {
                    k += 1;
                }
                let Some(victim) = sq(f + k * df, r + k * dr) else {
                    continue;
                };
                if k % 2 == 1 && self.is_enemy(victim) {
                    any = true;
                    self.dead[victim] = true;
                    self.chase(victim, true, out);
                    self.dead[victim] = false;
                }
            }
        }
        if !any {
            let captured = self.dead_set();
            if captured != 0 {
                out.insert(RefMove {
                    from: self.origin,
                    to: at,
                    captured,
                    king,
                });
            }
        }
        any
    }
}

/// Every legal move, sorted, each D12 identity once.
pub fn moves(pos: &RefPos) -> Vec<RefMove> {
    let me: i8 = if pos.white { 1 } else { -1 };
    let far_rank = if pos.white { 7 } else { 0 };
    let mut caps = BTreeSet::new();
    for s in 0..64 {
        if pos.board[s] * me <= 0 {
            continue;
        }
        let mut board = pos.board;
        board[s] = 0;
        let mut search = Search {
            board: &board,
            dead: [false; 64],
            me,
            origin: s,
            far_rank,
        };
        search.chase(s, pos.board[s].abs() == 2, &mut caps);
    }
    if !caps.is_empty() {
        return caps.into_iter().collect();
    }
    let mut quiet = BTreeSet::new();
    for s in 0..64 {
        let (f, r) = fr(s);
        match pos.board[s] * me {
            1 => {
                for df in [-1, 1] {
                    if let Some(t) = sq(f + df, r + me as i32) {
                        if pos.board[t] == 0 {
                            quiet.insert(RefMove {
                                from: s,
                                to: t,
                                captured: 0,
                                king: fr(t).1 == far_rank,
                            });
                        }
                    }
                }
            }
            2 => {
                for (df, dr) in DIAG {
                    let mut k = 1;
                    while let Some(t) = sq(f + k * df, r + k * dr) {
                        if pos.board[t] != 0 {
                            break;
                        }
                        quiet.insert(RefMove {
                            from: s,
                            to: t,
                            captured: 0,
                            king: true,
                        });
                        k += 1;
                    }
                }
            }
            _ => {}
        }
    }
    quiet.into_iter().collect()
}

/// The position after `m`.
pub fn play(pos: &RefPos, m: RefMove) -> RefPos {
    let mut b = pos.board;
    let me: i8 = if pos.white { 1 } else { -1 };
    b[m.from] = 0;
    for s in 0..64 {
        if m.captured >> s & 1 == 1 {
            b[s] = 0;
        }
    }
    b[m.to] = if m.king { 2 * me } else { me };
    RefPos {
        board: b,
        white: !pos.white,
    }
}

/// Leaf count `depth` plies down, every level generated (no bulk counting).
pub fn perft(pos: &RefPos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    moves(pos)
        .into_iter()
        .map(|m| perft(&play(pos, m), depth - 1))
        .sum()
}
