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
//! the capture search from the move's origin and taking the first path that gives the move
//! ([`path_of`]). That search only follows states whose captured pieces are all the move's
//! and skips a state once explored, so it stays short even where the piece has millions of
//! paths.
//!
//! Reading a capture follows the text: the capture search runs from the origin the text names
//! and follows only the legs the text names ([`Guide`]), so it checks exactly that the path is
//! legal and complete (docs/rules.md D4: the piece can capture no more at its end) and gives
//! its D12 identity. No list of legal moves is needed, so a move is read however many legal
//! moves the position has (more than [`MAX_MOVES`](crate::game::MAX_MOVES) in dense
//! positions). Only `origin:destination`, which names no path, looks at every move of that
//! piece.
//!
//! The move type lives in [`super::moves`] so that the capture search, which builds moves, and
//! this module, which runs the capture search, do not import each other.
//!
//! The move text is read here by hand: it is a run of squares with three separators, and the
//! reading has to be checked against the legal capture paths anyway.

use super::captures::{self, Leg, ListVisitor, Memo, Visitor};
use super::moves::Move;
use super::{movegen, DualCheckers};
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
/// move, docs/rules.md D12). Not for hot code: it allocates, and a dense position has millions
/// of paths ([`path_of`] finds the one of a move).
pub fn capture_paths(pos: &DualCheckers) -> Vec<Path> {
    let mut v = PathVisitor {
        stack: Vec::new(),
        paths: Vec::new(),
    };
    pos.for_each_capturer(|ctx, from, king| captures::search(ctx, from, 0, king, &mut v));
    v.paths
}

/// Looks for the first path (in generation order) that makes one move: follows only states
/// whose captured pieces are all the move's, a promoted man only when the move promotes, from
/// which the rest of the move's pieces and its destination can still be reached
/// ([`captures::can_complete`]), and skips states already explored (the memo of
/// [`super::captures`]: an explored state that did not give the move never will). Only dead
/// states are cut, so the path found is the first that the full search would give.
struct FindVisitor<'a> {
    ctx: &'a captures::Ctx,
    target: Move,
    /// The capturer started as a man.
    man: bool,
    stack: Vec<Leg>,
    found: Option<Vec<Leg>>,
    memo: Memo,
}

impl Visitor for FindVisitor<'_> {
    fn enter(&mut self, leg: Leg) {
        self.stack.push(leg);
    }
    fn leave(&mut self) {
        self.stack.pop();
    }
    fn visit(&mut self, sq: usize, captured: u64, king: bool) -> bool {
        self.found.is_none()
            && captured & !self.target.captured() == 0
            && !(self.man && king && !self.target.is_promotion())
            && self.memo.first_visit(sq, captured, king)
            && captures::can_complete(
                self.ctx,
                sq,
                king || self.target.is_promotion(),
                self.target.captured() & !captured,
                self.target.to(),
            )
    }
    fn finish(&mut self, mv: Move) {
        if self.found.is_none() && mv == self.target {
            self.found = Some(self.stack.clone());
        }
    }
}

/// The first path that makes `mv` in `pos` (with no legs for a quiet move), as the protocol and
/// the people's notation write it; `None` when `mv` is no capture of the piece on its origin.
/// Searches from the move's origin only (see [`FindVisitor`]).
pub fn path_of(pos: &DualCheckers, mv: Move) -> Option<Path> {
    if !mv.is_capture() {
        return Some(Path {
            mv,
            legs: Vec::new(),
        });
    }
    let (ctx, king) = pos.capturer(mv.from())?;
    let mut v = FindVisitor {
        ctx: &ctx,
        target: mv,
        man: !king,
        stack: Vec::new(),
        found: None,
        memo: Memo::default(),
    };
    captures::search(&ctx, mv.from(), 0, king, &mut v);
    v.found.map(|legs| Path { mv, legs })
}

/// The protocol text of `mv` in `pos`: `f3e4`, or comma-joined legs `f6e5,e5d4,d4d3`.
pub fn protocol(pos: &DualCheckers, mv: Move) -> String {
    let Some(path) = path_of(pos, mv) else {
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
    let Some(path) = path_of(pos, mv) else {
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

/// Follows the capture search along the squares a text names after the origin, and collects the
/// moves of the paths that match the text completely: in the protocol form each leg names the
/// squares it steps on (a jump its victim and its landing, a direct capture its victim), in the
/// people's form each leg names where the capturer lands (a direct capture: on its victim).
/// Every other leg is cut off where it leaves the text, so the search is as long as the text.
struct Guide<'a> {
    /// The squares after the origin.
    squares: &'a [usize],
    /// True for the protocol form (victims and landings), false for landings only.
    legs_form: bool,
    /// Per entered leg: how many of `squares` the path so far matches, `None` once it left them.
    matched: Vec<Option<usize>>,
    /// The distinct moves of the matching paths.
    found: Vec<Move>,
}

impl Guide<'_> {
    /// How many squares the path matches after `leg`, when it matched `i` before.
    fn step(&self, i: usize, leg: Leg) -> Option<usize> {
        let want: &[usize] = match (leg, self.legs_form) {
            (Leg::Jump { victim, landing }, true) => &[victim as usize, landing as usize],
            (Leg::Jump { landing, .. }, false) => &[landing as usize],
            (Leg::Direct { victim }, _) => &[victim as usize],
        };
        let end = i + want.len();
        (self.squares.get(i..end) == Some(want)).then_some(end)
    }

    fn current(&self) -> Option<usize> {
        self.matched.last().copied().unwrap_or(Some(0))
    }
}

impl Visitor for Guide<'_> {
    fn enter(&mut self, leg: Leg) {
        let next = self.current().and_then(|i| self.step(i, leg));
        self.matched.push(next);
    }
    fn leave(&mut self) {
        self.matched.pop();
    }
    fn visit(&mut self, _sq: usize, _captured: u64, _king: bool) -> bool {
        self.current().is_some()
    }
    fn finish(&mut self, mv: Move) {
        if self.current() == Some(self.squares.len()) && !self.found.contains(&mv) {
            self.found.push(mv);
        }
    }
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

/// Reads a move in any accepted form (docs/rules.md D11) and checks it against the rules: a
/// capture by following the legs the text names from its origin ([`Guide`]), so any legal move
/// is read, however many the position has. A text that names several moves is
/// [`MoveError::Ambiguous`]; one that names none is [`MoveError::Illegal`] with the legal moves
/// listed (the first [`MAX_MOVES`](crate::game::MAX_MOVES) of a dense position).
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

    let origin = squares[0];
    let capturing = movegen::any_capture(pos);
    let mut matches: Vec<Move> = Vec::new();
    if !capturing {
        // docs/rules.md D3, D8: a quiet move is its origin and destination (the list holds
        // every quiet move, see `movegen`).
        let mut list = MoveList::new();
        pos.generate(&mut list);
        if !legs_form && squares.len() == 2 {
            matches.extend(
                list.iter()
                    .filter(|m| m.from() == origin && m.to() == squares[1]),
            );
        }
    } else if let Some((ctx, king)) = pos.capturer(origin) {
        // A full path (landing squares, or legs) names its move; only when no path is written
        // out in full does `origin:destination` name every move between the two squares.
        let mut guide = Guide {
            squares: &squares[1..],
            legs_form,
            matched: Vec::new(),
            found: Vec::new(),
        };
        captures::search(&ctx, origin, 0, king, &mut guide);
        matches = guide.found;
        if matches.is_empty() && !legs_form && squares.len() == 2 {
            // The piece's moves in generation order, or all of them in the layered search's
            // order when they do not fit in a list (a dense position).
            let mut list = MoveList::new();
            captures::search(&ctx, origin, 0, king, &mut ListVisitor::new(&mut list));
            if list.overflowed() {
                captures::each_move(&ctx, origin, king, &mut |m: Move| {
                    if m.to() == squares[1] {
                        matches.push(m);
                    }
                });
            } else {
                matches.extend(list.iter().filter(|m| m.to() == squares[1]));
            }
        }
    }
    match matches.len() {
        1 => Ok(matches[0]),
        0 => {
            // The legal moves as the generator lists them (the first MAX_MOVES of a dense
            // position).
            let mut list = MoveList::new();
            pos.generate(&mut list);
            Err(MoveError::Illegal {
                text: trimmed.to_string(),
                legal: list.iter().map(|&m| protocol(pos, m)).collect(),
            })
        }
        _ => Err(MoveError::Ambiguous {
            text: trimmed.to_string(),
            candidates: matches.iter().map(|&m| protocol(pos, m)).collect(),
        }),
    }
}
