//! The packed training-data format, `KURDATA2`: the text format of [`crate::sample`] (its
//! `FEN | SCORE | RESULT` lines and `#` lines) kept line for line, in about a fifth of the
//! bytes of the gzipped text, and read without a FEN parse for most positions.
//!
//! A game's positions are stored as the first one (its FEN) and then, for each next one, the
//! moves that lead to it from the one before, each as its index in the legal move list of the
//! position it is played in ([`bridge`]); the result once per game, the scores as differences.
//!
//! ```text
//! file    = "KURDATA2" · u8 name length · variant name · block* · end
//! block   = u32 raw length · u32 stored length · u32 check · zstd frame of raw (with its
//!           checksum); check = FNV-1a (32) of the two lengths and the stored bytes, so that
//!           every changed byte is found (a zstd frame has bytes that change nothing it holds)
//! end     = u32 0 · u32 0
//! raw     = u32 ctrl length · u32 moves length · u32 scores length · u32 text length
//!           · ctrl · moves · scores · text                  (four streams, one per kind)
//! record  = 0 · varint n        a line kept as it is: the next n bytes of text, then '\n'
//!         | 2 · varint n        the same, the file's last line, without a '\n'
//!         | 1 · varint n · r    a game: its first position's FEN, the next n bytes of text;
//!                               r its result (0 loss, 1 draw, 2 win, White's view)
//!             then              its first score (scores: zigzag varint)
//!             (varint p · p moves · score delta)*   each next position: p ≥ 1 plies, each
//!                               a varint index in moves, its score less the one before
//!             · 0 · u32         the end, and FNV-1a (32) of the last position's FEN
//! ```
//!
//! All integers are little-endian; varints are LEB128 ([`bytes`]). A record lies in one
//! block; a block is at most [`MAX_RAW`] bytes raw and stored. A sample line is packed as a
//! position only when it is what the text writer writes for it (its FEN the game's own
//! FEN, one space around each `|`, the result `1.0`/`0.5`/`0.0`); any other line is kept as
//! text, so text → packed → text gives back the same bytes.
//!
//! The reader ([`reader`]) trusts nothing: every length is checked against what is left or
//! the limits before anything is allocated, every move index against the legal moves, and a
//! file cut short or changed is an error that names the byte offset of the block at fault.
//!
//! Measured on a Courier datagen file of 1,622,149 positions (docs/networks.md, "Training data
//! format"): 2.06 bytes a position against 12.43 for the gzipped text (6.0× smaller), read in
//! 1.09 s against 2.03 s for the plain text.

pub mod bridge;
pub mod bytes;
pub mod reader;
pub mod writer;

use kurier_rules::game::FenError;
use thiserror::Error;

/// The first bytes of a packed file.
pub const MAGIC: &[u8; 8] = b"KURDATA2";
/// The most bytes a block holds, raw or stored: no length read from a file above it is
/// believed, so no allocation is larger.
pub const MAX_RAW: usize = 8 << 20;
/// The raw size at which a writer closes a block.
pub const BLOCK_TARGET: usize = 2 << 20;
/// The most samples one game record holds (the writer starts another beyond).
pub const MAX_GAME_SAMPLES: u32 = 100_000;
/// The zstd level of the blocks.
pub const LEVEL: i32 = 19;

/// True when `bytes` (a file's start) is a packed file.
pub fn is_packed(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

/// FNV-1a, 32 bits: the check at the end of a game record.
pub fn fnv1a(bytes: &[u8]) -> u32 {
    fnv1a_from(0x811c_9dc5, bytes)
}

/// FNV-1a going on from `h` (the hash of the bytes before): any one byte changed changes it.
pub fn fnv1a_from(mut h: u32, bytes: &[u8]) -> u32 {
    for &b in bytes {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// The check of a block: FNV-1a of its two lengths (8 bytes) and its stored bytes.
pub fn block_check(lengths: &[u8], stored: &[u8]) -> u32 {
    fnv1a_from(fnv1a(lengths), stored)
}

/// What is wrong in a packed file.
#[derive(Debug, Error)]
pub enum Problem {
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The file does not start with [`MAGIC`].
    #[error("not a packed data file (no KURDATA2 at its start)")]
    NotPacked,
    /// The file is of another game.
    #[error("the data is for {found}, not {wanted}")]
    Variant {
        /// The file's game.
        found: String,
        /// The game asked for.
        wanted: &'static str,
    },
    /// The file ends before its end mark.
    #[error("the file is cut short: it ends before its end mark")]
    Cut,
    /// Bytes after the end mark.
    #[error("bytes after the end mark")]
    Trailing,
    /// A block's lengths are beyond [`MAX_RAW`] or do not add up.
    #[error("bad block lengths: {0}")]
    Lengths(String),
    /// A block does not decompress to its length (or its checksum is wrong).
    #[error("the block does not decompress: {0}")]
    Zstd(String),
    /// A block's check does not match its bytes.
    #[error("the block's check does not match: the file was changed")]
    Checksum,
    /// A record is malformed.
    #[error("raw byte {at}: {what}")]
    Record {
        /// Where in the block's raw bytes (its control stream).
        at: usize,
        /// What is wrong.
        what: String,
    },
    /// A game's first position is not a position of the game.
    #[error("a game's first position: {0}")]
    Fen(FenError),
    /// A line kept as text is not what the reader wants (not UTF-8, not a sample line).
    #[error("a text line: {0}")]
    Line(String),
    /// A game's last position is not the one written (another move order, or a changed byte).
    #[error("a game's check does not match: its moves lead elsewhere")]
    Check,
}

/// A problem and where: the byte offset in the file of the block (or field) at fault.
#[derive(Debug, Error)]
#[error("byte {offset}: {problem}")]
pub struct PackedError {
    /// Offset in the file.
    pub offset: u64,
    /// What is wrong.
    pub problem: Problem,
}
