//! Writes the packed format ([`crate::packed`]): records gathered into four streams, and a
//! block compressed and written whenever the streams reach [`BLOCK_TARGET`] (or on demand,
//! for a datagen run that must not lose finished games).

use super::bridge::bridge;
use super::bytes::{put_signed, put_varint};
use super::{block_check, fnv1a, BLOCK_TARGET, LEVEL, MAGIC, MAX_GAME_SAMPLES};
use crate::sample::WhiteResult;
use kurier_rules::game::Game;
use std::io::{self, Write};

/// The game record being written.
struct Open<G> {
    last: G,
    last_fen: String,
    score: i32,
    result: WhiteResult,
    samples: u32,
}

/// A block's four streams, being filled.
#[derive(Default)]
struct Streams {
    ctrl: Vec<u8>,
    moves: Vec<u8>,
    scores: Vec<u8>,
    text: Vec<u8>,
}

impl Streams {
    fn len(&self) -> usize {
        self.ctrl.len() + self.moves.len() + self.scores.len() + self.text.len()
    }
}

/// The result as stored: 0 loss, 1 draw, 2 win.
pub fn result_code(r: WhiteResult) -> u8 {
    match r {
        WhiteResult::Loss => 0,
        WhiteResult::Draw => 1,
        WhiteResult::Win => 2,
    }
}

/// Writes a packed file of game `G` to `W`.
pub struct PackedWriter<G: Game, W: Write> {
    out: W,
    streams: Streams,
    open: Option<Open<G>>,
    compressor: zstd::bulk::Compressor<'static>,
}

impl<G: Game, W: Write> PackedWriter<G, W> {
    /// A new file: writes the magic and the game's name.
    pub fn new(mut out: W) -> io::Result<Self> {
        out.write_all(MAGIC)?;
        out.write_all(&[G::NAME.len() as u8])?;
        out.write_all(G::NAME.as_bytes())?;
        Self::appending(out)
    }

    /// Appends blocks to a file whose header (and earlier blocks, without their end mark) are
    /// already written.
    pub fn appending(out: W) -> io::Result<Self> {
        let mut compressor = zstd::bulk::Compressor::new(LEVEL)?;
        compressor.set_parameter(zstd::zstd_safe::CParameter::ChecksumFlag(true))?;
        Ok(PackedWriter {
            out,
            streams: Streams::default(),
            open: None,
            compressor,
        })
    }

    /// A line kept as text (a comment, a blank line, a sample not in the writer's form);
    /// `newline` false for a last line without one.
    pub fn line(&mut self, text: &[u8], newline: bool) -> io::Result<()> {
        self.close_game();
        self.streams.ctrl.push(if newline { 0 } else { 2 });
        put_varint(&mut self.streams.ctrl, text.len() as u64);
        self.streams.text.extend_from_slice(text);
        self.maybe_flush()
    }

    /// A position (`fen` its FEN, as `pos.fen()` writes it), its score (White's view, within
    /// ±[`crate::sample::MATE_SCORE`]) and its game's result.
    pub fn sample(
        &mut self,
        pos: &G,
        fen: &str,
        score: i32,
        result: WhiteResult,
    ) -> io::Result<()> {
        let path = match &self.open {
            Some(open) if open.result == result && open.samples < MAX_GAME_SAMPLES => {
                bridge(&open.last, pos, fen)
            }
            _ => None,
        };
        match (path, self.open.as_mut()) {
            (Some(path), Some(open)) => {
                put_varint(&mut self.streams.ctrl, path.len() as u64);
                for i in path {
                    put_varint(&mut self.streams.moves, u64::from(i));
                }
                put_signed(
                    &mut self.streams.scores,
                    i64::from(score) - i64::from(open.score),
                );
                open.last = pos.clone();
                open.last_fen.clear();
                open.last_fen.push_str(fen);
                open.score = score;
                open.samples += 1;
            }
            _ => {
                self.close_game();
                self.streams.ctrl.push(1);
                put_varint(&mut self.streams.ctrl, fen.len() as u64);
                self.streams.text.extend_from_slice(fen.as_bytes());
                self.streams.ctrl.push(result_code(result));
                put_signed(&mut self.streams.scores, i64::from(score));
                self.open = Some(Open {
                    last: pos.clone(),
                    last_fen: fen.to_string(),
                    score,
                    result,
                    samples: 1,
                });
            }
        }
        if self.streams.len() >= BLOCK_TARGET {
            self.flush_block()?;
        }
        Ok(())
    }

    fn maybe_flush(&mut self) -> io::Result<()> {
        if self.streams.len() >= BLOCK_TARGET {
            self.flush_block()?;
        }
        Ok(())
    }

    fn close_game(&mut self) {
        if let Some(open) = self.open.take() {
            self.streams.ctrl.push(0);
            self.streams
                .ctrl
                .extend_from_slice(&fnv1a(open.last_fen.as_bytes()).to_le_bytes());
        }
    }

    /// Ends the open game and writes what is gathered as a block (nothing when nothing is).
    pub fn flush_block(&mut self) -> io::Result<()> {
        self.close_game();
        if self.streams.len() == 0 {
            return Ok(());
        }
        let s = &self.streams;
        let mut raw = Vec::with_capacity(16 + s.len());
        for part in [&s.ctrl, &s.moves, &s.scores, &s.text] {
            raw.extend_from_slice(&(part.len() as u32).to_le_bytes());
        }
        for part in [&s.ctrl, &s.moves, &s.scores, &s.text] {
            raw.extend_from_slice(part);
        }
        let stored = self.compressor.compress(&raw)?;
        let mut lengths = [0u8; 8];
        lengths[..4].copy_from_slice(&(raw.len() as u32).to_le_bytes());
        lengths[4..].copy_from_slice(&(stored.len() as u32).to_le_bytes());
        self.out.write_all(&lengths)?;
        self.out
            .write_all(&block_check(&lengths, &stored).to_le_bytes())?;
        self.out.write_all(&stored)?;
        self.out.flush()?;
        self.streams = Streams::default();
        Ok(())
    }

    /// Writes the last block and the end mark; hands back the output.
    pub fn finish(mut self) -> io::Result<W> {
        self.flush_block()?;
        self.out.write_all(&[0; 8])?;
        self.out.flush()?;
        Ok(self.out)
    }
}
