//! A game in progress: the positions played so far, so that threefold repetition can be seen.
//! The position alone decides everything else ([`Game::outcome`]).

use crate::game::{Game, MoveError, Outcome, Reason};

/// The positions of a game from its start (or last `setboard`) to now, with the moves between.
#[derive(Clone, Debug)]
pub struct GameRecord<G: Game> {
    positions: Vec<G>,
    moves: Vec<G::Move>,
}

impl<G: Game> GameRecord<G> {
    /// A game starting from `start`.
    pub fn new(start: G) -> Self {
        GameRecord {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The current position.
    pub fn current(&self) -> &G {
        // Never empty: `new` puts the start position in and `undo` keeps it.
        &self.positions[self.positions.len() - 1]
    }

    /// The moves played from the start.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// Plays a move, which must be legal in the current position.
    pub fn play(&mut self, mv: G::Move) {
        let next = self.current().play(mv);
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Reads a move in the game's notation, checks it and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, MoveError> {
        let mv = self.current().parse_move(text)?;
        self.play(mv);
        Ok(mv)
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.positions.pop();
            true
        } else {
            false
        }
    }

    /// Zobrist keys of the earlier positions that repetition may match, most recent last: those
    /// since the last irreversible move (search uses this to detect repetitions of game history).
    pub fn repetition_keys(&self) -> impl Iterator<Item = u64> + '_ {
        let window = self.current().reversible_plies() as usize;
        let n = self.positions.len();
        let first = n.saturating_sub(window + 1);
        self.positions[first..n - 1].iter().map(|p| p.key())
    }

    /// How often the current position has occurred (with the same side to move), itself included.
    pub fn occurrences(&self) -> usize {
        let key = self.current().key();
        1 + self.repetition_keys().filter(|&k| k == key).count()
    }

    /// The result of the game, if it is over: whatever the position decides (mate first), then
    /// threefold repetition (docs/rules.md S8, C8, D10).
    pub fn outcome(&self) -> Option<Outcome> {
        let by_position = self.current().outcome();
        match by_position {
            Some(Outcome::Win { .. }) => by_position,
            _ if self.occurrences() >= 3 => Some(Outcome::Draw(Reason::Repetition)),
            _ => by_position,
        }
    }
}
