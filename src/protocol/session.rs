//! The game a protocol session is playing, whichever it is: the one run-time switch between the
//! protocol text and the generic game code.

use crate::game::Game;
use crate::games::{courier::Courier, dual::DualCheckers, schachdame::Schachdame, Variant};
use crate::perft;
use crate::record::GameRecord;

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

    /// A game of `variant` from `fen`.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<AnyRecord, String> {
        match variant {
            Variant::Courier => Ok(AnyRecord::Courier(GameRecord::new(
                Courier::from_fen(fen).map_err(|e| e.to_string())?,
            ))),
            Variant::Schachdame => Ok(AnyRecord::Schachdame(GameRecord::new(
                Schachdame::from_fen(fen).map_err(|e| e.to_string())?,
            ))),
            Variant::DualCheckers => Ok(AnyRecord::DualCheckers(GameRecord::new(
                DualCheckers::from_fen(fen).map_err(|e| e.to_string())?,
            ))),
        }
    }

    /// The game's variant.
    pub fn variant(&self) -> Variant {
        match self {
            AnyRecord::Courier(_) => Variant::Courier,
            AnyRecord::Schachdame(_) => Variant::Schachdame,
            AnyRecord::DualCheckers(_) => Variant::DualCheckers,
        }
    }

    /// Plays a move given as text; the error says why it is not legal.
    pub fn play_text(&mut self, text: &str) -> Result<(), String> {
        on_record!(self, r => r.play_text(text).map(|_| ()).map_err(|e| e.to_string()))
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

    /// The result if the game is over, in protocol form (`1-0 {White wins by checkmate}`).
    pub fn result(&self) -> Option<String> {
        on_record!(self, r => r.outcome().map(|o| o.to_string()))
    }
}
