//! Dual-checkers moves as text (docs/rules.md D11, docs/design.md "Command-line and protocol contract").
//!
//! - Protocol form ([`super::DualCheckers::format_move`](crate::game::Game::format_move)): a quiet
//!   move `f3e4`; a capture as comma-joined legs, each stepping onto a captured piece or onto a
//!   landing square: `f6e5,e5d4,d4d3` (jump f6 over e5 to d4, then direct capture of d3).
//! - People's form ([`pdn`]): `f3-e4`, `f6:d4:d3` (origin and every landing square).
//! - Input ([`parse`]): either form, `x` for `:`, the bare squares `f6d4d3`, and
//!   `origin:destination` when that names one move.
//!
//! A [`Move`] stores only the D12 identity; the path for the text is found again by re-running
//! the capture search from the position and taking the first path that gives the move.
//!
//! The move type lives in [`super::moves`] so that the capture search, which builds moves, and
//! this module, which runs the capture search, do not import each other.
//!
//! The move text is read here by hand: it is a run of squares with three separators, and the
//! reading has to be checked against the legal capture paths anyway.

use super::captures::{self, Leg, Visitor};
use super::moves::Move;
use super::DualCheckers;
use crate::game::{parse_square, square_name, Game, MoveError, MoveList};

fn name(sq: usize) -> String {
    square_name(sq % 8, sq / 8)
}

/// A capture path: the legs and the move they make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// The move.
    pub mv: Move,
    /// The legs in order.
    pub legs: Vec<Leg>,
}

impl Path {
    /// The origin and every landing square (docs/rules.md D11).
    pub fn landings(&self) -> Vec<usize> {
        let mut v = vec![self.mv.from()];
        v.extend(self.legs.iter().map(|l| match *l {
            Leg::Jump { landing, .. } => landing as usize,
            Leg::Direct { victim } => victim as usize,
        }));
        v
    }

    /// The squares the protocol legs step on: origin, then victims and landings in order.
    pub fn leg_squares(&self) -> Vec<usize> {
        let mut v = vec![self.mv.from()];
        for l in &self.legs {
            match *l {
                Leg::Jump { victim, landing } => v.extend([victim as usize, landing as usize]),
                Leg::Direct { victim } => v.push(victim as usize),
            }
        }
        v
    }
}

struct PathVisitor {
    stack: Vec<Leg>,
    paths: Vec<Path>,
}

impl Visitor for PathVisitor {
    fn enter(&mut self, leg: Leg) {
        self.stack.push(leg);
    }
    fn leave(&mut self) {
        self.stack.pop();
    }
    fn finish(&mut self, mv: Move) {
        self.paths.push(Path {
            mv,
            legs: self.stack.clone(),
        });
    }
}

/// Every capture path of the side to move, in generation order (several paths may make the same
/// move, docs/rules.md D12). Not for hot code: it allocates.
pub fn capture_paths(pos: &DualCheckers) -> Vec<Path> {
    let mut v = PathVisitor {
        stack: Vec::new(),
        paths: Vec::new(),
    };
    pos.for_each_capturer(|ctx, from, king| captures::search(ctx, from, 0, king, &mut v));
    v.paths
}

/// The paths that make `mv` (one for a quiet move, with no legs).
fn paths_of(pos: &DualCheckers, mv: Move) -> Vec<Path> {
    if !mv.is_capture() {
        return vec![Path {
            mv,
            legs: Vec::new(),
        }];
    }
    capture_paths(pos)
        .into_iter()
        .filter(|p| p.mv == mv)
        .collect()
}

/// The protocol text of `mv` in `pos`: `f3e4`, or comma-joined legs `f6e5,e5d4,d4d3`.
pub fn protocol(pos: &DualCheckers, mv: Move) -> String {
    let Some(path) = paths_of(pos, mv).into_iter().next() else {
        return format!("{mv:?}");
    };
    if path.legs.is_empty() {
        return format!("{}{}", name(mv.from()), name(mv.to()));
    }
    let sq = path.leg_squares();
    sq.windows(2)
        .map(|w| format!("{}{}", name(w[0]), name(w[1])))
        .collect::<Vec<_>>()
        .join(",")
}

/// The move in the people's notation of docs/rules.md D11: `f3-e4`, `f6:d4:d3`.
pub fn pdn(pos: &DualCheckers, mv: Move) -> String {
    let Some(path) = paths_of(pos, mv).into_iter().next() else {
        return format!("{mv:?}");
    };
    if path.legs.is_empty() {
        return format!("{}-{}", name(mv.from()), name(mv.to()));
    }
    path.landings()
        .into_iter()
        .map(name)
        .collect::<Vec<_>>()
        .join(":")
}

/// Reads a run of squares (`f6d4d3`, separators already removed).
fn squares_of(text: &str) -> Option<Vec<usize>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let (f, r) = parse_square(text.get(start..i)?, 8, 8)?;
        out.push(r * 8 + f);
    }
    Some(out)
}

/// Reads a move in any accepted form (docs/rules.md D11) and checks it against the legal moves. A text
/// that names several moves is [`MoveError::Ambiguous`]; one that names none is
/// [`MoveError::Illegal`] with every legal move listed.
pub fn parse(pos: &DualCheckers, text: &str) -> Result<Move, MoveError> {
    let trimmed = text.trim();
    let syntax = || MoveError::Syntax(trimmed.to_string());
    let lower = trimmed.to_ascii_lowercase();
    if lower.is_empty() || !lower.is_ascii() {
        return Err(syntax());
    }
    let legs_form = lower.contains(',');
    let squares = if legs_form {
        // `f6e5,e5d4,d4d3`: each leg starts where the last one ended.
        let mut out: Vec<usize> = Vec::new();
        for leg in lower.split(',') {
            let cleaned: String = leg
                .chars()
                .filter(|c| !matches!(c, '-' | 'x' | ':'))
                .collect();
            let sq = squares_of(&cleaned).ok_or_else(syntax)?;
            if sq.len() != 2 {
                return Err(syntax());
            }
            match out.last() {
                None => out.extend(sq),
                Some(&last) if last == sq[0] => out.push(sq[1]),
                Some(_) => return Err(syntax()),
            }
        }
        out
    } else {
        let cleaned: String = lower
            .chars()
            .filter(|c| !matches!(c, '-' | 'x' | ':'))
            .collect();
        squares_of(&cleaned).ok_or_else(syntax)?
    };
    if squares.len() < 2 {
        return Err(syntax());
    }

    let mut list = MoveList::new();
    pos.generate(&mut list);
    let paths: Vec<Path> = if list.iter().any(|m| m.is_capture()) {
        capture_paths(pos)
    } else {
        list.iter()
            .map(|&mv| Path {
                mv,
                legs: Vec::new(),
            })
            .collect()
    };
    // A full path (landing squares, or legs) names its move; only when no path is written out
    // in full does `origin:destination` name every move between the two squares.
    let collect = |hit: &dyn Fn(&Path) -> bool| {
        let mut found: Vec<Move> = Vec::new();
        for p in paths.iter().filter(|p| hit(p)) {
            if !found.contains(&p.mv) {
                found.push(p.mv);
            }
        }
        found
    };
    let mut matches = if legs_form {
        collect(&|p: &Path| p.leg_squares() == squares)
    } else {
        collect(&|p: &Path| p.landings() == squares)
    };
    if matches.is_empty() && !legs_form && squares.len() == 2 {
        matches = collect(&|p: &Path| p.mv.from() == squares[0] && p.mv.to() == squares[1]);
    }
    match matches.len() {
        1 => Ok(matches[0]),
        0 => Err(MoveError::Illegal {
            text: trimmed.to_string(),
            legal: list.iter().map(|&m| protocol(pos, m)).collect(),
        }),
        _ => Err(MoveError::Ambiguous {
            text: trimmed.to_string(),
            candidates: matches.iter().map(|&m| protocol(pos, m)).collect(),
        }),
    }
}
