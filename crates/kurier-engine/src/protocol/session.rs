//! The game a protocol session is playing, whichever it is: the one run-time switch between the
//! protocol text and the generic game code.

use crate::search::{Info, Limits, Searcher};
use kurier_rules::game::{Color, FenError, Game, MoveError, Outcome};
use kurier_rules::games::{courier::Courier, dual::DualCheckers, schachdame::Schachdame, Variant};
use kurier_rules::perft;
use kurier_rules::record::GameRecord;

/// What a search answers, in protocol notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The move to play; `None` when there is no legal move.
    pub best: Option<String>,
    /// The expected reply.
    pub ponder: Option<String>,
    /// The internal score of the best move.
    pub score: i32,
}

/// Why a position or a move was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A FEN the game cannot read.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// A move that is not legal (or not a move).
    #[error(transparent)]
    Move(#[from] MoveError),
}

/// A game record of any variant.
#[derive(Clone, Debug)]
pub enum AnyRecord {
    /// A Courier-chess game.
    Courier(GameRecord<Courier>),
    /// A Schachdame game.
    Schachdame(GameRecord<Schachdame>),
    /// A Dual-checkers game.
    DualCheckers(GameRecord<DualCheckers>),
}

/// Runs `$body` with `$r` bound to the typed record inside an [`AnyRecord`].
macro_rules! on_record {
    ($record:expr, $r:ident => $body:expr) => {
        match $record {
            AnyRecord::Courier($r) => $body,
            AnyRecord::Schachdame($r) => $body,
            AnyRecord::DualCheckers($r) => $body,
        }
    };
}

/// A typed record as an [`AnyRecord`] (so that generic code can hand its game to a [`super::thinker::Thinker`]).
macro_rules! any_record_from {
    ($($game:ident),*) => {$(
        impl From<GameRecord<$game>> for AnyRecord {
            fn from(record: GameRecord<$game>) -> AnyRecord {
                AnyRecord::$game(record)
            }
        }
    )*};
}
any_record_from!(Courier, Schachdame, DualCheckers);

impl AnyRecord {
    /// A game of `variant` from its start position.
    pub fn start(variant: Variant) -> AnyRecord {
        match variant {
            Variant::Courier => AnyRecord::Courier(GameRecord::new(Courier::start())),
            Variant::Schachdame => AnyRecord::Schachdame(GameRecord::new(Schachdame::start())),
            Variant::DualCheckers => {
                AnyRecord::DualCheckers(GameRecord::new(DualCheckers::start()))
            }
        }
    }

    /// A game of `variant` from its start, with Courier from the pre-ceremony array when
    /// `courier_array` (the `CourierStart` option, for the XBoard GUI; docs/rules.md C3).
    pub fn start_with(variant: Variant, courier_array: bool) -> AnyRecord {
        if variant == Variant::Courier && courier_array {
            match Courier::from_fen(kurier_rules::games::courier::PRE_CEREMONY_FEN) {
                Ok(p) => return AnyRecord::Courier(GameRecord::new(p)),
                Err(e) => unreachable!("the pre-ceremony FEN is valid: {e}"),
            }
        }
        AnyRecord::start(variant)
    }

    /// A game of `variant` from `fen`.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<AnyRecord, RecordError> {
        Ok(match variant {
            Variant::Courier => AnyRecord::Courier(GameRecord::new(Courier::from_fen(fen)?)),
            Variant::Schachdame => {
                AnyRecord::Schachdame(GameRecord::new(Schachdame::from_fen(fen)?))
            }
            Variant::DualCheckers => {
                AnyRecord::DualCheckers(GameRecord::new(DualCheckers::from_fen(fen)?))
            }
        })
    }

    /// The game's variant.
    pub fn variant(&self) -> Variant {
        match self {
            AnyRecord::Courier(_) => Variant::Courier,
            AnyRecord::Schachdame(_) => Variant::Schachdame,
            AnyRecord::DualCheckers(_) => Variant::DualCheckers,
        }
    }

    /// Plays a move as XBoard relays it ([`kurier_wire::relay::parse_relayed`]).
    pub fn play_relayed(&mut self, text: &str) -> Result<(), RecordError> {
        on_record!(self, r => {
            let mv = kurier_wire::relay::parse_relayed(r.current(), text)?;
            r.play(mv);
            Ok(())
        })
    }

    /// The search ids of all legal moves of the current position.
    pub fn legal_ids(&self) -> Vec<u32> {
        fn ids<G: crate::search::Searchable>(pos: &G) -> Vec<u32> {
            let mut moves = kurier_rules::game::MoveList::new();
            pos.generate(&mut moves);
            moves.iter().map(|&m| G::move_id(m)).collect()
        }
        on_record!(self, r => ids(r.current()))
    }

    /// Plays a move given as text; the error says why it is not legal.
    pub fn play_text(&mut self, text: &str) -> Result<(), RecordError> {
        on_record!(self, r => r.play_text(text).map(|_| ()).map_err(RecordError::from))
    }

    /// The search ids ([`crate::search::Searchable::move_id`]) of these moves of the current
    /// position (for `searchmoves`, `exclude`); an error names the first that is not legal.
    pub fn move_ids<S: AsRef<str>>(&self, texts: &[S]) -> Result<Vec<u32>, MoveError> {
        fn ids<G: crate::search::Searchable, S: AsRef<str>>(
            pos: &G,
            texts: &[S],
        ) -> Result<Vec<u32>, MoveError> {
            texts
                .iter()
                .map(|t| pos.parse_move(t.as_ref()).map(G::move_id))
                .collect()
        }
        on_record!(self, r => ids(r.current(), texts))
    }

    /// The legal moves of the current position, in protocol notation; `None` when there are
    /// more than a [`kurier_rules::game::MoveList`] holds (dense Dual-checkers positions have
    /// millions), so that no caller mistakes a part for the whole.
    pub fn legal_moves(&self) -> Option<Vec<String>> {
        on_record!(self, r => {
            let pos = r.current();
            let mut moves = kurier_rules::game::MoveList::new();
            pos.generate(&mut moves);
            (!moves.overflowed()).then(|| moves.iter().map(|&m| pos.format_move(m)).collect())
        })
    }

    /// How many legal moves the current position has (exact, also past a full list).
    pub fn move_count(&self) -> u64 {
        on_record!(self, r => r.current().count_moves())
    }

    /// Whether `text` reads as a legal move of the current position.
    pub fn is_legal(&self, text: &str) -> bool {
        on_record!(self, r => r.current().parse_move(text).is_ok())
    }

    /// Takes back a move; false when there is none.
    pub fn undo(&mut self) -> bool {
        on_record!(self, r => r.undo())
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        on_record!(self, r => r.current().fen())
    }

    /// Perft by root move from the current position: `(move text, count)`.
    pub fn divide(&self, depth: u32, threads: usize) -> Vec<(String, u64)> {
        on_record!(self, r => {
            let pos = r.current();
            perft::divide(pos, depth, threads, false)
                .into_iter()
                .map(|(m, n)| (pos.format_move(m), n))
                .collect()
        })
    }

    /// [`AnyRecord::divide`] that gives up (`None`) once `stop` is set
    /// ([`perft::divide_until`]).
    pub fn divide_until(
        &self,
        depth: u32,
        threads: usize,
        stop: &std::sync::atomic::AtomicBool,
    ) -> Option<Vec<(String, u64)>> {
        on_record!(self, r => {
            let pos = r.current();
            let split = perft::divide_until(pos, depth, threads, stop)?;
            Some(split.into_iter().map(|(m, n)| (pos.format_move(m), n)).collect())
        })
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        on_record!(self, r => r.current().side_to_move())
    }

    /// Number of moves played since the start or the last `setboard`.
    pub fn moves_played(&self) -> usize {
        on_record!(self, r => r.moves().len())
    }

    /// Searches the current position; the answer is in protocol notation.
    pub fn search(
        &self,
        searcher: &Searcher,
        limits: &Limits,
        on_info: &mut dyn FnMut(&Info),
    ) -> Answer {
        on_record!(self, r => {
            let res = searcher.search_prepared(r, limits, on_info);
            let pos = r.current();
            let best = res.best.map(|m| pos.format_move(m));
            let ponder = res.best.zip(res.ponder).map(|(b, p)| pos.play(b).format_move(p));
            Answer {
                best,
                ponder,
                score: res.score,
            }
        })
    }

    /// How the game ended, if it is over.
    pub fn outcome(&self) -> Option<Outcome> {
        on_record!(self, r => r.outcome())
    }

    /// The result if the game is over, in protocol form (`1-0 {White wins by checkmate}`).
    pub fn result(&self) -> Option<String> {
        self.outcome().map(|o| o.to_string())
    }
}
