//! Reads the packed format ([`crate::packed`]) block by block, handing each line and each
//! position to a callback: a position is built by playing the stored moves on the one before,
//! never through its FEN (but for a game's first).
//!
//! Nothing read is trusted: lengths are checked against [`MAX_RAW`] and what is left before
//! anything is allocated, move indices against the legal moves, scores against the score
//! range, and every problem is an error naming the byte offset of its block.

use super::bridge::MAX_GAP;
use super::bytes::Cursor;
use super::{block_check, fnv1a, PackedError, Problem, MAGIC, MAX_RAW};
use crate::sample::{WhiteResult, MATE_SCORE};
use kurier_rules::game::{Game, MoveList};
use std::io::Read;

/// What the reader hands on.
#[derive(Debug)]
pub enum Item<'a, G> {
    /// A line kept as text; `newline` false for a last line without one.
    Line {
        /// The line, without its newline.
        text: &'a [u8],
        /// Whether a newline followed it.
        newline: bool,
    },
    /// A position with its score and result (White's view).
    Sample {
        /// The position.
        pos: &'a G,
        /// The search's score in centipawns.
        score: i32,
        /// The game's result.
        result: WhiteResult,
    },
    /// A block is read whole: the file holds complete records up to byte `end`.
    BlockEnd {
        /// The offset just after the block.
        end: u64,
    },
}

/// How the blocks ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// At the end mark, the last bytes of the file.
    Mark,
    /// The file ends before the end mark, after `complete` bytes of whole blocks (the rest a
    /// block cut short): what a resumed datagen run keeps.
    Cut {
        /// Bytes up to the end of the last whole block.
        complete: u64,
    },
}

/// Reads as many bytes as there are, up to `buf.len()`; the number read.
fn fill(input: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match input.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// Reads the header: the game's name. The offset after it is `9 + name.len()`.
pub fn read_header(input: &mut impl Read) -> Result<String, PackedError> {
    let at = |offset, problem| PackedError { offset, problem };
    let mut head = [0u8; 9];
    let n = fill(input, &mut head).map_err(|e| at(0, e.into()))?;
    if n < 8 || &head[..8] != MAGIC {
        return Err(at(0, Problem::NotPacked));
    }
    if n < 9 {
        return Err(at(8, Problem::Cut));
    }
    let mut name = vec![0u8; usize::from(head[8])];
    let k = fill(input, &mut name).map_err(|e| at(9, e.into()))?;
    if k < name.len() {
        return Err(at(9, Problem::Cut));
    }
    String::from_utf8(name).map_err(|_| {
        at(
            9,
            Problem::Lengths("the game's name is not UTF-8 text".into()),
        )
    })
}

/// Reads a whole file of game `G`: the header (which must name `G`), then every block to the
/// end mark; a file cut short is [`Problem::Cut`].
pub fn read<G: Game>(
    input: &mut impl Read,
    on: impl FnMut(Item<'_, G>) -> Result<(), Problem>,
) -> Result<(), PackedError> {
    match read_allowing_cut::<G>(input, on)? {
        (Ending::Mark, _) => Ok(()),
        (Ending::Cut { .. }, end) => Err(PackedError {
            offset: end,
            problem: Problem::Cut,
        }),
    }
}

/// [`read`], but a file that ends before its end mark is no error: it says where its whole
/// blocks end. Also hands back the file's length as read.
pub fn read_allowing_cut<G: Game>(
    input: &mut impl Read,
    mut on: impl FnMut(Item<'_, G>) -> Result<(), Problem>,
) -> Result<(Ending, u64), PackedError> {
    let name = read_header(input)?;
    if name != G::NAME {
        return Err(PackedError {
            offset: 9,
            problem: Problem::Variant {
                found: name,
                wanted: G::NAME,
            },
        });
    }
    let mut offset = 9 + name.len() as u64;
    let mut stored = Vec::new();
    let mut decompressor = zstd::bulk::Decompressor::new().map_err(|e| PackedError {
        offset,
        problem: e.into(),
    })?;
    loop {
        let err = |problem| PackedError { offset, problem };
        let mut lengths = [0u8; 8];
        let n = fill(input, &mut lengths).map_err(|e| err(e.into()))?;
        if n < 8 {
            return Ok((Ending::Cut { complete: offset }, offset + n as u64));
        }
        let raw_len = u32::from_le_bytes(lengths[..4].try_into().expect("4 bytes")) as usize;
        let stored_len = u32::from_le_bytes(lengths[4..].try_into().expect("4 bytes")) as usize;
        if raw_len == 0 && stored_len == 0 {
            let mut more = [0u8; 1];
            if fill(input, &mut more).map_err(|e| err(e.into()))? > 0 {
                return Err(PackedError {
                    offset: offset + 8,
                    problem: Problem::Trailing,
                });
            }
            return Ok((Ending::Mark, offset + 8));
        }
        if raw_len > MAX_RAW || stored_len > MAX_RAW || raw_len < 16 || stored_len == 0 {
            return Err(err(Problem::Lengths(format!(
                "raw {raw_len}, stored {stored_len} (at most {MAX_RAW})"
            ))));
        }
        let mut check = [0u8; 4];
        let c = fill(input, &mut check).map_err(|e| err(e.into()))?;
        if c < 4 {
            return Ok((Ending::Cut { complete: offset }, offset + 8 + c as u64));
        }
        stored.resize(stored_len, 0);
        let k = fill(input, &mut stored).map_err(|e| err(e.into()))?;
        if k < stored_len {
            return Ok((Ending::Cut { complete: offset }, offset + 12 + k as u64));
        }
        if u32::from_le_bytes(check) != block_check(&lengths, &stored) {
            return Err(err(Problem::Checksum));
        }
        let raw = decompressor
            .decompress(&stored, raw_len)
            .map_err(|e| err(Problem::Zstd(e.to_string())))?;
        if raw.len() != raw_len {
            return Err(err(Problem::Zstd(format!(
                "{} bytes, the header says {raw_len}",
                raw.len()
            ))));
        }
        decode::<G>(&raw, &mut on).map_err(err)?;
        offset += 12 + stored_len as u64;
        on(Item::BlockEnd { end: offset }).map_err(|p| PackedError { offset, problem: p })?;
    }
}

/// The result of its stored code.
fn result_of(code: u8) -> Option<WhiteResult> {
    match code {
        0 => Some(WhiteResult::Loss),
        1 => Some(WhiteResult::Draw),
        2 => Some(WhiteResult::Win),
        _ => None,
    }
}

/// Hands on the records of one block's raw bytes.
fn decode<G: Game>(
    raw: &[u8],
    on: &mut impl FnMut(Item<'_, G>) -> Result<(), Problem>,
) -> Result<(), Problem> {
    let bad = |at: usize, what: &str| Problem::Record {
        at,
        what: what.to_string(),
    };
    let mut lens = [0usize; 4];
    for (i, l) in lens.iter_mut().enumerate() {
        *l = u32::from_le_bytes(raw[4 * i..4 * i + 4].try_into().expect("4 bytes")) as usize;
    }
    if lens.iter().map(|&l| l as u64).sum::<u64>() != (raw.len() - 16) as u64 {
        return Err(Problem::Lengths(format!(
            "streams of {lens:?} bytes in a block of {}",
            raw.len() - 16
        )));
    }
    let mut start = 16;
    let mut part = |len: usize| {
        let c = Cursor::new(&raw[start..start + len]);
        start += len;
        c
    };
    let (mut ctrl, mut moves, mut scores, mut text) =
        (part(lens[0]), part(lens[1]), part(lens[2]), part(lens[3]));
    let mut list = MoveList::new();
    while !ctrl.is_at_end() {
        let at = ctrl.position();
        let kind = ctrl.byte().ok_or_else(|| bad(at, "cut record"))?;
        match kind {
            0 | 2 => {
                let n = ctrl.varint().ok_or_else(|| bad(at, "cut line length"))?;
                let line = usize::try_from(n)
                    .ok()
                    .and_then(|n| text.take(n))
                    .ok_or_else(|| bad(at, "a line longer than the text left"))?;
                on(Item::Line {
                    text: line,
                    newline: kind == 0,
                })?;
            }
            1 => {
                let n = ctrl.varint().ok_or_else(|| bad(at, "cut FEN length"))?;
                let fen = usize::try_from(n)
                    .ok()
                    .and_then(|n| text.take(n))
                    .ok_or_else(|| bad(at, "a FEN longer than the text left"))?;
                let fen = std::str::from_utf8(fen).map_err(|_| bad(at, "a FEN not UTF-8"))?;
                let mut pos = G::from_fen(fen).map_err(Problem::Fen)?;
                let result = ctrl
                    .byte()
                    .and_then(result_of)
                    .ok_or_else(|| bad(at, "a result not 0, 1 or 2"))?;
                let mut score = scores
                    .signed()
                    .filter(|s| s.abs() <= i64::from(MATE_SCORE))
                    .ok_or_else(|| bad(at, "a score out of range or cut"))?;
                on(Item::Sample {
                    pos: &pos,
                    score: score as i32,
                    result,
                })?;
                loop {
                    let at = ctrl.position();
                    let plies = ctrl.varint().ok_or_else(|| bad(at, "cut game"))?;
                    if plies == 0 {
                        break;
                    }
                    if plies > MAX_GAP as u64 {
                        return Err(bad(at, "more plies between positions than allowed"));
                    }
                    for _ in 0..plies {
                        let i = moves
                            .varint()
                            .ok_or_else(|| bad(at, "the moves stream is cut"))?;
                        list.clear();
                        pos.generate(&mut list);
                        let mv = usize::try_from(i)
                            .ok()
                            .and_then(|i| list.get(i))
                            .ok_or_else(|| bad(at, "a move index beyond the legal moves"))?;
                        pos = pos.play(*mv);
                    }
                    score = scores
                        .signed()
                        .and_then(|d| score.checked_add(d))
                        .filter(|s| s.abs() <= i64::from(MATE_SCORE))
                        .ok_or_else(|| bad(at, "a score out of range or cut"))?;
                    on(Item::Sample {
                        pos: &pos,
                        score: score as i32,
                        result,
                    })?;
                }
                let at = ctrl.position();
                let check = ctrl.take(4).ok_or_else(|| bad(at, "cut game check"))?;
                if u32::from_le_bytes(check.try_into().expect("4 bytes"))
                    != fnv1a(pos.fen().as_bytes())
                {
                    return Err(Problem::Check);
                }
            }
            _ => return Err(bad(at, "unknown record kind")),
        }
    }
    if !(moves.is_at_end() && scores.is_at_end() && text.is_at_end()) {
        return Err(Problem::Lengths("bytes left over in a stream".into()));
    }
    Ok(())
}
