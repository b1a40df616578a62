//! The quantised network and its file format.
//!
//! Shape: `inputs → HIDDEN` (the feature transformer, one accumulator per perspective), an
//! [`Activation`] (clipped ReLU, or its square), then the side to move's `HIDDEN` activations
//! followed by the other side's into one output. Integer arithmetic, as the trainer quantises
//! ([`QA`], [`QB`], [`SCALE`]):
//!
//! - feature weights and biases: `round(w * QA)` as `i16`, so `c = clamp(acc, 0, QA)` is the
//!   float `clamp(x, 0, 1)` times `QA`;
//! - output weights: `round(w * QB)` as `i16`; output bias `round(b * QA * QB)` as `i32`;
//! - evaluation in centipawns: `(Σ c·w + bias) * SCALE / (QA * QB)` with the clipped ReLU,
//!   `(Σ c·c·w / QA + bias) * SCALE / (QA * QB)` with the squared one: the float net's output
//!   times `SCALE` (the trainer's sigmoid is `1 / (1 + e^(−cp / SCALE))`).
//!
//! The file (little-endian), hand-read because it is a few arrays of integers behind a header
//! and no format crate would check what matters here. A file proves what it is: a fixed header
//! names the game, the feature set, the layer sizes and the quantisation, a CRC-32 vouches for
//! the body, and the weights are bounded so that no accumulator can overflow. The reader
//! ([`Network::from_bytes`]) refuses a file that fails any check, each with its own
//! [`NetError`]:
//!
//! ```text
//! offset  size  field
//!      0     8  magic       "KURNNUE3"
//!      8    16  game        its name, ASCII, NUL-padded: "courier", "schachdame", "dualcheckers"
//!     24    16  features    the feature set, ASCII, NUL-padded: "piece-square" (features.rs)
//!     40     2  kinds       u16, the game's kinds of piece (FeatureSet::KINDS)
//!     42     2  squares     u16, the game's squares (FeatureSet::SQUARES)
//!     44     4  inputs      u32, inputs per perspective: 2 · kinds · squares
//!     48     4  hidden      u32, must be HIDDEN
//!     52     1  activation  0 clipped ReLU, 1 squared clipped ReLU
//!     53     1  reserved    0
//!     54     2  qa          u16, must be QA
//!     56     2  qb          u16, must be QB
//!     58     2  scale       u16, must be SCALE
//!     60     4  crc32       u32, CRC-32 (IEEE) of the body, bytes 64 to the end
//!     64        body:
//!               ft_w    i16 × inputs × hidden   one row of `hidden` per input
//!               ft_b    i16 × hidden
//!               out_w   i16 × 2·hidden          side to move first
//!               out_b   i32
//! ```
//!
//! The game must be one this engine plays with these kinds, squares and inputs; the file must
//! end where the body does. Then the weights: a hidden unit's accumulator is its bias plus one
//! row per piece on the board, at most one piece a square and at most
//! [`FeatureSet::MAX_PIECES`](super::FeatureSet::MAX_PIECES) of them (the start's count; a
//! search whose root has more uses no network). So for every unit `j`, `|ft_b[j]|` plus the
//! `MAX_PIECES` largest of the squares' `max |ft_w[i][j]|` (over the inputs `i` of a square)
//! must be at most `i16::MAX` ([`Network::accumulator_bound`]), and no accumulator of any
//! position the search evaluates leaves `i16`. The trainer's clip (±[`WEIGHT_CLIP`]) keeps
//! within it: 48 pieces · 1.98 · 255 plus the bias < 32,767. The output's arithmetic is safe for
//! every `i16` and `i32` the body can hold ([`Network::output`], checked at compile time).
//!
//! The older files, `KURNNUE1` (clipped ReLU) and `KURNNUE2` (squared), have no feature set, no
//! quantisation and no checksum:
//!
//! ```text
//! magic    8 bytes  "KURNNUE1" or "KURNNUE2"
//! variant  u8 length, then the variant's name (UTF-8), e.g. "courier"
//! inputs   u32, hidden u32, then the body as above
//! ```
//!
//! The engine refuses them ([`NetError::OldFormat`]); `kurier net-upgrade OLD NEW` reads one
//! with every check but the checksum ([`Network::from_old_bytes`]) and writes it anew. A
//! network's name ([`Network::hash`]) is the hash of its old layout, so that the names of
//! docs/networks.md stay those of the same weights.

use super::features::{Geometry, FEATURE_SET};
use thiserror::Error;

/// Units of the feature transformer per perspective.
pub const HIDDEN: usize = 128;
/// The activation's quantisation: float 1.0 is `QA`.
pub const QA: i32 = 255;
/// The output weights' quantisation: float 1.0 is `QB`.
pub const QB: i32 = 512;
/// Centipawns per unit of the float net's output.
pub const SCALE: i32 = 400;
/// The trainer keeps every float weight within ± this.
pub const WEIGHT_CLIP: f32 = 1.98;
/// A network file's first bytes ([module docs](self)).
pub const MAGIC: &[u8; 8] = b"KURNNUE3";
/// The old files' first bytes, for a network with the clipped ReLU.
pub const OLD_MAGIC: &[u8; 8] = b"KURNNUE1";
/// The old files' first bytes, for a network with the squared clipped ReLU.
pub const OLD_MAGIC_SQUARED: &[u8; 8] = b"KURNNUE2";
/// The header's size; the body follows it.
pub const HEADER_BYTES: usize = 64;
/// Where the header holds the body's CRC-32.
pub const CRC_AT: usize = 60;
/// The width of the header's name fields (game, feature set).
const NAME_BYTES: usize = 16;

/// The CRC-32 (IEEE) of a network file's body, as the header holds it.
pub fn checksum(body: &[u8]) -> u32 {
    crc32fast::hash(body)
}

/// The hidden layer's activation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Activation {
    /// `clamp(x, 0, 1)`.
    #[default]
    ClippedRelu,
    /// `clamp(x, 0, 1)²` (SCReLU, as in Bullet-trained engines): a smooth start that lets a
    /// unit say "a little" and "a lot" apart at the same width.
    SquaredClippedRelu,
}

impl Activation {
    /// The float activation.
    #[inline]
    pub fn apply(self, x: f32) -> f32 {
        let c = x.clamp(0.0, 1.0);
        match self {
            Activation::ClippedRelu => c,
            Activation::SquaredClippedRelu => c * c,
        }
    }

    /// Its derivative (0 outside (0, 1)).
    #[inline]
    pub fn derivative(self, x: f32) -> f32 {
        if x <= 0.0 || x >= 1.0 {
            return 0.0;
        }
        match self {
            Activation::ClippedRelu => 1.0,
            Activation::SquaredClippedRelu => 2.0 * x,
        }
    }

    /// The old file magic that named it.
    pub fn old_magic(self) -> &'static [u8; 8] {
        match self {
            Activation::ClippedRelu => OLD_MAGIC,
            Activation::SquaredClippedRelu => OLD_MAGIC_SQUARED,
        }
    }

    /// Its number in the header.
    pub fn code(self) -> u8 {
        match self {
            Activation::ClippedRelu => 0,
            Activation::SquaredClippedRelu => 1,
        }
    }

    /// The activation numbered `code` in the header.
    pub fn from_code(code: u8) -> Option<Activation> {
        match code {
            0 => Some(Activation::ClippedRelu),
            1 => Some(Activation::SquaredClippedRelu),
            _ => None,
        }
    }
}
/// The largest network file read (Courier's is under 0.5 MB): a path to a huge file or a device
/// is refused after this many bytes instead of filling the memory.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// The bytes of the network file at `path`, at most [`MAX_FILE_BYTES`] of them (more is an
/// `InvalidData` error); [`Network::from_bytes`] reads them. Every reader of a network file
/// (the engine's `EvalFile`, `kurier datagen --eval-file`) goes through here.
pub fn read_file(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    // A FIFO, a device or a directory is refused at once, never waited on.
    kurier_wire::input_file::read_capped(path, MAX_FILE_BYTES)
}

/// Why bytes are not a network, or not one this engine can use.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum NetError {
    /// Not a Kurier network file.
    #[error("not a Kurier network (no KURNNUE3 header)")]
    Magic,
    /// A network in the old format, which proves nothing of itself.
    #[error(
        "an old {0} network (no feature set, no checksum); convert it with \
         `kurier net-upgrade OLD NEW`"
    )]
    OldFormat(String),
    /// The file ends before the header or the body does.
    #[error("network file is truncated: {found} bytes, its header says {expected}")]
    Truncated {
        /// Bytes the header implies.
        expected: usize,
        /// Bytes found.
        found: usize,
    },
    /// The file goes on after the network.
    #[error("network file has {} bytes after the network ({found} bytes, its header says {expected})", found - expected)]
    Trailing {
        /// Bytes the header implies.
        expected: usize,
        /// Bytes found.
        found: usize,
    },
    /// A name field of the header is not ASCII padded with NULs.
    #[error("network header's {0} name is not ASCII padded with NULs")]
    Name(&'static str),
    /// A game this engine does not play.
    #[error("network is for `{0}`, a game this engine does not know (courier, schachdame, dualcheckers)")]
    UnknownGame(String),
    /// Another feature set than this engine's.
    #[error("network's feature set is `{0}`; this engine's is `{FEATURE_SET}`")]
    FeatureSet(String),
    /// A size of the header that does not match the game's.
    #[error("network for {game} has {found} {field}; {game} has {wanted}")]
    Shape {
        /// The header's game.
        game: String,
        /// Which size: `kinds`, `squares` or `inputs`.
        field: &'static str,
        /// The header's value.
        found: u64,
        /// The game's.
        wanted: u64,
    },
    /// Another hidden size than this build's.
    #[error("network has {0} hidden units; this build needs {HIDDEN}")]
    Hidden(usize),
    /// An activation this engine does not know.
    #[error("network's activation {0} is unknown (0 clipped ReLU, 1 squared)")]
    Activation(u8),
    /// A quantisation constant unlike this build's.
    #[error("network's {field} is {found}; this build's is {wanted}")]
    Quantisation {
        /// Which: `QA`, `QB` or `SCALE`.
        field: &'static str,
        /// The header's value.
        found: u32,
        /// This build's.
        wanted: u32,
    },
    /// A reserved header byte that is not zero.
    #[error("network header's reserved byte is {0}, not 0")]
    Reserved(u8),
    /// The body is not what the header's checksum says.
    #[error("network body's CRC-32 is {computed:08x}, its header says {stored:08x}: the file is damaged")]
    Checksum {
        /// The header's.
        stored: u32,
        /// The body's.
        computed: u32,
    },
    /// Weights with which an accumulator could leave `i16`.
    #[error("network's hidden unit {unit} can reach {bound} with {pieces} pieces, more than an i16 accumulator holds (32767)")]
    Overflow {
        /// The hidden unit.
        unit: usize,
        /// The most its accumulator can reach in magnitude.
        bound: i64,
        /// The most pieces of its game.
        pieces: usize,
    },
    /// A network for another game than the one asked for.
    #[error("network is for {found} ({inputs} inputs); wanted {wanted} ({wanted_inputs} inputs)")]
    Game {
        /// The file's variant.
        found: String,
        /// The file's input count.
        inputs: usize,
        /// The variant asked for.
        wanted: String,
        /// Its input count.
        wanted_inputs: usize,
    },
}

/// The largest magnitude of a clipped-ReLU output sum: `2·HIDDEN` products of an activation
/// (at most `QA`) and a weight (at most `2^15`).
const CRELU_SUM_BOUND: i64 = 2 * HIDDEN as i64 * QA as i64 * (1 << 15);
const _: () = assert!(CRELU_SUM_BOUND <= i32::MAX as i64);
/// The largest magnitude of one squared-clipped-ReLU product `c·c·w`.
const SCRELU_TERM_BOUND: i64 = QA as i64 * QA as i64 * (1 << 15);
const _: () = assert!(SCRELU_TERM_BOUND <= i32::MAX as i64);
/// The largest magnitude of [`Network::output`]: either sum (the squared one divided by `QA`
/// is no larger than the clipped one's) plus the output bias (an `i32`), scaled.
pub const OUTPUT_BOUND: i64 =
    (CRELU_SUM_BOUND + (1 << 31)) * SCALE as i64 / (QA as i64 * QB as i64);
const _: () = assert!(OUTPUT_BOUND <= i32::MAX as i64);

/// The bytes of a body for `inputs` ([module docs](self)).
fn body_bytes(inputs: usize) -> usize {
    2 * (inputs + 3) * HIDDEN + 4
}

/// The name in a header's field: ASCII up to the first NUL, only NULs after it.
fn name_field<'a>(field: &'a [u8], what: &'static str) -> Result<&'a str, NetError> {
    let end = field.iter().position(|&b| b == 0).unwrap_or(field.len());
    let (name, pad) = field.split_at(end);
    if !name.is_ascii() || pad.iter().any(|&b| b != 0) {
        return Err(NetError::Name(what));
    }
    std::str::from_utf8(name).map_err(|_| NetError::Name(what))
}

/// A quantised network, ready for inference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    variant: String,
    inputs: usize,
    activation: Activation,
    /// `inputs` rows of [`HIDDEN`].
    ft_weights: Vec<[i16; HIDDEN]>,
    ft_bias: [i16; HIDDEN],
    /// The side to move's [`HIDDEN`], then the other side's.
    out_weights: [[i16; HIDDEN]; 2],
    out_bias: i32,
}

/// One perspective's accumulator: the feature transformer's sums before the activation.
pub type Accumulator = [i16; HIDDEN];

impl Network {
    /// A network from its quantised parts; `ft_weights` has `inputs * HIDDEN` values, row by
    /// row, `out_weights` `2 * HIDDEN`.
    ///
    /// # Panics
    /// When a slice has another length than that.
    #[allow(clippy::too_many_arguments)]
    pub fn from_parts(
        variant: &str,
        inputs: usize,
        activation: Activation,
        ft_weights: &[i16],
        ft_bias: &[i16],
        out_weights: &[i16],
        out_bias: i32,
    ) -> Network {
        assert_eq!(ft_weights.len(), inputs * HIDDEN);
        assert_eq!(ft_bias.len(), HIDDEN);
        assert_eq!(out_weights.len(), 2 * HIDDEN);
        let row = |s: &[i16]| -> [i16; HIDDEN] { s.try_into().expect("row of HIDDEN") };
        Network {
            variant: variant.to_string(),
            inputs,
            activation,
            ft_weights: ft_weights.chunks_exact(HIDDEN).map(row).collect(),
            ft_bias: row(ft_bias),
            out_weights: [row(&out_weights[..HIDDEN]), row(&out_weights[HIDDEN..])],
            out_bias,
        }
    }

    /// Reads a network file ([module docs](self)): every check of the header, the body's
    /// length and checksum, then the weights' bound ([`Network::verify`]).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if let Some(old) = [OLD_MAGIC, OLD_MAGIC_SQUARED]
            .into_iter()
            .find(|m| bytes.starts_with(m.as_slice()))
        {
            return Err(NetError::OldFormat(
                String::from_utf8_lossy(old.as_slice()).into_owned(),
            ));
        }
        if !bytes.starts_with(MAGIC) {
            return Err(NetError::Magic);
        }
        let Some(header) = bytes.get(..HEADER_BYTES) else {
            return Err(NetError::Truncated {
                expected: HEADER_BYTES,
                found: bytes.len(),
            });
        };
        let u16_at = |i: usize| u16::from_le_bytes([header[i], header[i + 1]]);
        let u32_at = |i: usize| u32::from_le_bytes(header[i..i + 4].try_into().expect("4 bytes"));
        let game = name_field(&header[8..8 + NAME_BYTES], "game")?;
        let features = name_field(&header[24..24 + NAME_BYTES], "feature set")?;
        let geometry = Geometry::named(game).ok_or_else(|| NetError::UnknownGame(game.into()))?;
        if features != FEATURE_SET {
            return Err(NetError::FeatureSet(features.into()));
        }
        let shape = |field: &'static str, found: u64, wanted: usize| {
            if found == wanted as u64 {
                Ok(())
            } else {
                Err(NetError::Shape {
                    game: game.into(),
                    field,
                    found,
                    wanted: wanted as u64,
                })
            }
        };
        shape("kinds", u64::from(u16_at(40)), geometry.kinds)?;
        shape("squares", u64::from(u16_at(42)), geometry.squares)?;
        shape("inputs", u64::from(u32_at(44)), geometry.inputs())?;
        let hidden = u32_at(48);
        if hidden as usize != HIDDEN {
            return Err(NetError::Hidden(hidden as usize));
        }
        let activation =
            Activation::from_code(header[52]).ok_or(NetError::Activation(header[52]))?;
        if header[53] != 0 {
            return Err(NetError::Reserved(header[53]));
        }
        for (field, at, wanted) in [("QA", 54, QA), ("QB", 56, QB), ("SCALE", 58, SCALE)] {
            let found = u32::from(u16_at(at));
            if found != wanted as u32 {
                return Err(NetError::Quantisation {
                    field,
                    found,
                    wanted: wanted as u32,
                });
            }
        }
        let expected = HEADER_BYTES + body_bytes(geometry.inputs());
        match bytes.len() {
            n if n < expected => {
                return Err(NetError::Truncated { expected, found: n });
            }
            n if n > expected => return Err(NetError::Trailing { expected, found: n }),
            _ => {}
        }
        let body = &bytes[HEADER_BYTES..];
        let (stored, computed) = (u32_at(CRC_AT), checksum(body));
        if stored != computed {
            return Err(NetError::Checksum { stored, computed });
        }
        let net = Network::from_body(game, geometry.inputs(), activation, body);
        net.verify()?;
        Ok(net)
    }

    /// Reads a network file of the old format (`KURNNUE1`, `KURNNUE2`; [module docs](self))
    /// with every check it allows: a game this engine plays with its inputs, the hidden size,
    /// the length, the weights' bound. `kurier net-upgrade` reads with it.
    pub fn from_old_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        let (activation, rest) = [Activation::ClippedRelu, Activation::SquaredClippedRelu]
            .into_iter()
            .find_map(|a| Some((a, bytes.strip_prefix(a.old_magic().as_slice())?)))
            .ok_or(NetError::Magic)?;
        let truncated = |expected: usize| NetError::Truncated {
            expected,
            found: bytes.len(),
        };
        let (&len, rest) = rest.split_first().ok_or(truncated(OLD_MAGIC.len() + 1))?;
        let len = usize::from(len);
        let header = OLD_MAGIC.len() + 1 + len + 8;
        if rest.len() < len + 8 {
            return Err(truncated(header));
        }
        let game = std::str::from_utf8(&rest[..len]).map_err(|_| NetError::Name("game"))?;
        let geometry = Geometry::named(game).ok_or_else(|| NetError::UnknownGame(game.into()))?;
        let u32_at = |i: usize| u32::from_le_bytes(rest[i..i + 4].try_into().expect("4 bytes"));
        let inputs = u32_at(len);
        if inputs as usize != geometry.inputs() {
            return Err(NetError::Shape {
                game: game.into(),
                field: "inputs",
                found: u64::from(inputs),
                wanted: geometry.inputs() as u64,
            });
        }
        let hidden = u32_at(len + 4) as usize;
        if hidden != HIDDEN {
            return Err(NetError::Hidden(hidden));
        }
        let expected = header + body_bytes(geometry.inputs());
        match bytes.len() {
            n if n < expected => return Err(truncated(expected)),
            n if n > expected => return Err(NetError::Trailing { expected, found: n }),
            _ => {}
        }
        let net = Network::from_body(game, geometry.inputs(), activation, &rest[len + 8..]);
        net.verify()?;
        Ok(net)
    }

    /// The network of a body of the right length for `inputs` ([module docs](self)).
    fn from_body(game: &str, inputs: usize, activation: Activation, body: &[u8]) -> Network {
        let values = (inputs + 3) * HIDDEN;
        let i16s: Vec<i16> = body[..2 * values]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        let out_bias = i32::from_le_bytes(body[2 * values..].try_into().expect("4 bytes"));
        let (ft_w, rest) = i16s.split_at(inputs * HIDDEN);
        let (ft_b, out_w) = rest.split_at(HIDDEN);
        Network::from_parts(game, inputs, activation, ft_w, ft_b, out_w, out_bias)
    }

    /// The network as a file ([module docs](self)).
    ///
    /// # Panics
    /// When the network's game or input count is not one this engine plays (made by
    /// [`Network::from_parts`] for no such game): no file could say what it is.
    pub fn to_bytes(&self) -> Vec<u8> {
        let geometry = Geometry::named(&self.variant)
            .filter(|g| g.inputs() == self.inputs)
            .unwrap_or_else(|| {
                panic!(
                    "no network file for {} ({} inputs)",
                    self.variant, self.inputs
                )
            });
        let body = self.body();
        let mut out = Vec::with_capacity(HEADER_BYTES + body.len());
        out.extend_from_slice(MAGIC);
        for name in [self.variant.as_str(), FEATURE_SET] {
            let mut field = [0u8; NAME_BYTES];
            field[..name.len()].copy_from_slice(name.as_bytes());
            out.extend_from_slice(&field);
        }
        out.extend_from_slice(&(geometry.kinds as u16).to_le_bytes());
        out.extend_from_slice(&(geometry.squares as u16).to_le_bytes());
        out.extend_from_slice(&(self.inputs as u32).to_le_bytes());
        out.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        out.extend_from_slice(&[self.activation.code(), 0]);
        for q in [QA, QB, SCALE] {
            out.extend_from_slice(&(q as u16).to_le_bytes());
        }
        out.extend_from_slice(&checksum(&body).to_le_bytes());
        debug_assert_eq!(out.len(), HEADER_BYTES);
        out.extend_from_slice(&body);
        out
    }

    /// The network in the old format ([module docs](self)): what its name hashes, and what the
    /// tests of `kurier net-upgrade` write.
    pub fn to_old_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(32 + body_bytes(self.inputs));
        out.extend_from_slice(self.activation.old_magic());
        let name = self.variant.as_bytes();
        let len = name.len().min(255);
        out.push(len as u8);
        out.extend_from_slice(&name[..len]);
        out.extend_from_slice(&(self.inputs as u32).to_le_bytes());
        out.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        out.extend_from_slice(&self.body());
        out
    }

    /// The weights as a file's body ([module docs](self)).
    fn body(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(body_bytes(self.inputs));
        let rows = self.ft_weights.iter().chain([&self.ft_bias]);
        for v in rows.chain(&self.out_weights).flatten() {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.out_bias.to_le_bytes());
        out
    }

    /// Checks what a file must prove of its network: a game this engine plays, with its number
    /// of inputs, and weights with which no accumulator can leave `i16`
    /// ([`Network::accumulator_bound`]).
    pub fn verify(&self) -> Result<(), NetError> {
        let geometry = Geometry::named(&self.variant)
            .ok_or_else(|| NetError::UnknownGame(self.variant.clone()))?;
        if geometry.inputs() != self.inputs {
            return Err(NetError::Shape {
                game: self.variant.clone(),
                field: "inputs",
                found: self.inputs as u64,
                wanted: geometry.inputs() as u64,
            });
        }
        let bounds = self.accumulator_bound(geometry);
        match bounds
            .iter()
            .enumerate()
            .find(|(_, &b)| b > i64::from(i16::MAX))
        {
            Some((unit, &bound)) => Err(NetError::Overflow {
                unit,
                bound,
                pieces: geometry.max_pieces,
            }),
            None => Ok(()),
        }
    }

    /// For each hidden unit, the most its accumulator can reach in magnitude in a position of
    /// `geometry`'s game with at most its `max_pieces` pieces, one a square: the bias's magnitude
    /// plus the `max_pieces` largest of the squares' greatest weight magnitudes. (An input's
    /// square is `input % squares`, [`super::features::index`]; a perspective's flip of the
    /// board maps squares one to one.)
    pub fn accumulator_bound(&self, geometry: Geometry) -> [i64; HIDDEN] {
        let squares = geometry.squares;
        std::array::from_fn(|j| {
            let mut per_square: Vec<i64> = (0..squares)
                .map(|sq| {
                    (sq..self.inputs)
                        .step_by(squares)
                        .map(|i| i64::from(self.ft_weights[i][j]).abs())
                        .max()
                        .unwrap_or(0)
                })
                .collect();
            per_square.sort_unstable_by(|a, b| b.cmp(a));
            let rows: i64 = per_square.iter().take(geometry.max_pieces).sum();
            i64::from(self.ft_bias[j]).abs() + rows
        })
    }

    /// Checks that this network is for `variant` with `inputs` inputs per perspective.
    pub fn check(&self, variant: &str, inputs: usize) -> Result<(), NetError> {
        if self.variant == variant && self.inputs == inputs {
            Ok(())
        } else {
            Err(NetError::Game {
                found: self.variant.clone(),
                inputs: self.inputs,
                wanted: variant.to_string(),
                wanted_inputs: inputs,
            })
        }
    }

    /// The variant the network was trained for.
    pub fn variant(&self) -> &str {
        &self.variant
    }

    /// Inputs per perspective.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// The hidden layer's activation.
    pub fn activation(&self) -> Activation {
        self.activation
    }

    /// A 64-bit FNV-1a hash of the network in the old format ([`Network::to_old_bytes`]), to
    /// name it in reports: the same name in either format, and the names docs/networks.md
    /// gives the networks made before the current format.
    pub fn hash(&self) -> u64 {
        self.to_old_bytes()
            .iter()
            .fold(0xcbf2_9ce4_8422_2325, |h, &b| {
                (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
            })
    }

    /// The accumulator of no pieces: the biases.
    #[inline(always)]
    pub fn bias(&self) -> Accumulator {
        self.ft_bias
    }

    /// Input `i`'s row of the feature transformer's weights.
    pub fn row(&self, i: usize) -> &[i16; HIDDEN] {
        &self.ft_weights[i]
    }

    /// Adds input `i`'s row to `acc`.
    #[inline(always)]
    pub fn add(&self, acc: &mut Accumulator, i: usize) {
        let row = &self.ft_weights[i];
        for (a, w) in acc.iter_mut().zip(row) {
            *a = a.wrapping_add(*w);
        }
    }

    /// Takes input `i`'s row from `acc`.
    #[inline(always)]
    pub fn sub(&self, acc: &mut Accumulator, i: usize) {
        let row = &self.ft_weights[i];
        for (a, w) in acc.iter_mut().zip(row) {
            *a = a.wrapping_sub(*w);
        }
    }

    /// `to` = `from` less input `s`'s row plus input `a`'s: a quiet move in one pass.
    #[inline(always)]
    pub fn sub_add(&self, from: &Accumulator, to: &mut Accumulator, s: usize, a: usize) {
        let (ws, wa) = (&self.ft_weights[s], &self.ft_weights[a]);
        for j in 0..HIDDEN {
            to[j] = from[j].wrapping_sub(ws[j]).wrapping_add(wa[j]);
        }
    }

    /// `to` = `from` less inputs `s1`'s and `s2`'s rows plus input `a`'s: a capture in one
    /// pass.
    #[inline(always)]
    pub fn sub2_add(
        &self,
        from: &Accumulator,
        to: &mut Accumulator,
        s1: usize,
        s2: usize,
        a: usize,
    ) {
        let (w1, w2, wa) = (
            &self.ft_weights[s1],
            &self.ft_weights[s2],
            &self.ft_weights[a],
        );
        for j in 0..HIDDEN {
            to[j] = from[j]
                .wrapping_sub(w1[j])
                .wrapping_sub(w2[j])
                .wrapping_add(wa[j]);
        }
    }

    /// The output in centipawns for the side to move, from its accumulator `us` and the other
    /// side's `them`. Safe for every weight a file can hold: the clipped ReLU's sum of
    /// `2·HIDDEN` products `c·w` (`0 ≤ c ≤ QA`, `|w| ≤ 2^15`) fits `i32`, and so does each squared
    /// product `c·c·w`, summed in `i64`; the result, at most `(2^31 + 2^31) · SCALE / (QA·QB)`
    /// in magnitude, fits `i32` ([`OUTPUT_BOUND`]; each checked at compile time).
    #[inline(always)]
    pub fn output(&self, us: &Accumulator, them: &Accumulator) -> i32 {
        let sum = match self.activation {
            Activation::ClippedRelu => {
                let dot = |acc: &Accumulator, w: &[i16; HIDDEN]| -> i32 {
                    acc.iter()
                        .zip(w)
                        .map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w))
                        .sum()
                };
                // At most CRELU_SUM_BOUND < 2^31 in magnitude, for any weights.
                i64::from(dot(us, &self.out_weights[0]) + dot(them, &self.out_weights[1]))
            }
            Activation::SquaredClippedRelu => {
                // c·w fits i32 (QA · 2^15), c·w·c too (SCRELU_TERM_BOUND); their sum needs
                // i64.
                let dot = |acc: &Accumulator, w: &[i16; HIDDEN]| -> i64 {
                    acc.iter()
                        .zip(w)
                        .map(|(&a, &w)| {
                            let c = i32::from(a.clamp(0, QA as i16));
                            i64::from(c * i32::from(w) * c)
                        })
                        .sum()
                };
                (dot(us, &self.out_weights[0]) + dot(them, &self.out_weights[1])) / i64::from(QA)
            }
        };
        ((sum + i64::from(self.out_bias)) * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn a_file_too_large_for_a_network_is_refused() {
        // /dev/zero never ends: it is refused as no regular file before anything is read.
        let zero = std::path::Path::new("/dev/zero");
        if zero.exists() {
            let e = read_file(zero).unwrap_err();
            assert_eq!(e.kind(), std::io::ErrorKind::InvalidInput);
        }
        assert!(read_file(std::path::Path::new("/no/such/net.nnue")).is_err());
    }

    /// A network of small pseudo-random weights (xorshift from `seed`), for tests.
    pub(crate) fn random(variant: &str, inputs: usize, seed: u64) -> Network {
        let mut s = seed | 1;
        let mut next = |range: i32| -> i16 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            ((s % (2 * range as u64 + 1)) as i32 - range) as i16
        };
        let ft_w: Vec<i16> = (0..inputs * HIDDEN).map(|_| next(200)).collect();
        let ft_b: Vec<i16> = (0..HIDDEN).map(|_| next(100)).collect();
        let out_w: Vec<i16> = (0..2 * HIDDEN).map(|_| next(100)).collect();
        Network::from_parts(
            variant,
            inputs,
            Activation::ClippedRelu,
            &ft_w,
            &ft_b,
            &out_w,
            1234,
        )
    }

    /// A network of pseudo-random weights over all of `i16` (xorshift from `seed`), a quarter
    /// of them extreme (`i16::MIN`, `i16::MAX`, around 0 and `QA`), for the vector levels'
    /// tests: the accumulators then wrap around, and the output's sums come near `i32::MAX`.
    pub(crate) fn random_extreme(
        variant: &str,
        inputs: usize,
        activation: Activation,
        seed: u64,
    ) -> Network {
        let mut next = extreme_values(seed);
        let ft_w: Vec<i16> = (0..inputs * HIDDEN).map(|_| next()).collect();
        let ft_b: Vec<i16> = (0..HIDDEN).map(|_| next()).collect();
        let out_w: Vec<i16> = (0..2 * HIDDEN).map(|_| next()).collect();
        let bias = i32::from(next()) << 15;
        Network::from_parts(variant, inputs, activation, &ft_w, &ft_b, &out_w, bias)
    }

    /// Pseudo-random `i16`s (xorshift from `seed`), a quarter of them extreme.
    fn extreme_values(seed: u64) -> impl FnMut() -> i16 {
        const EXTREME: [i16; 10] = [
            i16::MIN,
            i16::MIN + 1,
            -1,
            0,
            1,
            254,
            255,
            256,
            32766,
            32767,
        ];
        let mut s = seed | 1;
        move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            if s.is_multiple_of(4) {
                EXTREME[(s >> 8) as usize % EXTREME.len()]
            } else {
                (s >> 16) as i16
            }
        }
    }

    /// The output computed element by element in `i64`, as the module docs define it: the
    /// reference every vector level is compared with.
    pub(crate) fn plain_output(net: &Network, us: &Accumulator, them: &Accumulator) -> i32 {
        let mut sum = 0i64;
        for (acc, w) in [(us, &net.out_weights[0]), (them, &net.out_weights[1])] {
            for j in 0..HIDDEN {
                let c = i64::from(acc[j]).clamp(0, i64::from(QA));
                sum += match net.activation {
                    Activation::ClippedRelu => c * i64::from(w[j]),
                    Activation::SquaredClippedRelu => c * c * i64::from(w[j]),
                };
            }
        }
        if net.activation == Activation::SquaredClippedRelu {
            sum /= i64::from(QA);
        }
        ((sum + i64::from(net.out_bias)) * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// `acc` plus (`sign` 1) or minus (-1) input `i`'s row, element by element, wrapping.
    pub(crate) fn plain_update(
        net: &Network,
        acc: &Accumulator,
        i: usize,
        sign: i16,
    ) -> Accumulator {
        std::array::from_fn(|j| acc[j].wrapping_add(net.ft_weights[i][j].wrapping_mul(sign)))
    }

    #[test]
    fn every_vector_level_computes_what_the_plain_loops_do() {
        use crate::nnue::simd::{run, Level};
        let inputs = 64;
        for (seed, activation) in [
            (1, Activation::ClippedRelu),
            (2, Activation::SquaredClippedRelu),
        ] {
            let net = random_extreme("courier", inputs, activation, seed);
            let mut next = extreme_values(seed + 100);
            let mut accs: Vec<Accumulator> =
                (0..200).map(|_| std::array::from_fn(|_| next())).collect();
            for v in [i16::MIN, -1, 0, 255, 256, i16::MAX] {
                accs.push([v; HIDDEN]);
            }
            for level in Level::available() {
                for (k, pair) in accs.windows(2).enumerate() {
                    let (a, b) = (&pair[0], &pair[1]);
                    let (i, i2, i3) = (k % inputs, (k * 7 + 3) % inputs, (k * 13 + 5) % inputs);
                    let what = format!("{} {activation:?} pair {k}", level.name());
                    assert_eq!(
                        run(
                            level,
                            #[inline(always)]
                            || net.output(a, b)
                        ),
                        plain_output(&net, a, b),
                        "{what}"
                    );
                    let added = run(
                        level,
                        #[inline(always)]
                        || {
                            let mut to = *a;
                            net.add(&mut to, i);
                            to
                        },
                    );
                    assert_eq!(added, plain_update(&net, a, i, 1), "{what}");
                    let taken = run(
                        level,
                        #[inline(always)]
                        || {
                            let mut to = *a;
                            net.sub(&mut to, i);
                            to
                        },
                    );
                    assert_eq!(taken, plain_update(&net, a, i, -1), "{what}");
                    let quiet = run(
                        level,
                        #[inline(always)]
                        || {
                            let mut to = [0; HIDDEN];
                            net.sub_add(a, &mut to, i, i2);
                            to
                        },
                    );
                    let want = plain_update(&net, &plain_update(&net, a, i, -1), i2, 1);
                    assert_eq!(quiet, want, "{what}");
                    let capture = run(
                        level,
                        #[inline(always)]
                        || {
                            let mut to = [0; HIDDEN];
                            net.sub2_add(a, &mut to, i, i2, i3);
                            to
                        },
                    );
                    let gone = plain_update(&net, &plain_update(&net, a, i, -1), i2, -1);
                    let want = plain_update(&net, &gone, i3, 1);
                    assert_eq!(capture, want, "{what}");
                }
            }
        }
    }

    #[test]
    fn a_network_reads_back_as_written() {
        let net = random("courier", 1728, 7);
        let bytes = net.to_bytes();
        assert_eq!(&bytes[..8], MAGIC);
        assert_eq!(bytes.len(), HEADER_BYTES + 2 * (1728 + 3) * HIDDEN + 4);
        assert_eq!(Network::from_bytes(&bytes), Ok(net.clone()));
        assert_eq!(Network::from_bytes(b"KURNNUE"), Err(NetError::Magic));
        assert!(net.check("courier", 1728).is_ok());
        assert!(net.check("schachdame", 384).is_err());
        // The old format reads with its own reader only, to the same network and name.
        let old = net.to_old_bytes();
        assert_eq!(
            Network::from_bytes(&old),
            Err(NetError::OldFormat("KURNNUE1".into()))
        );
        assert_eq!(Network::from_old_bytes(&old), Ok(net.clone()));
        assert_eq!(Network::from_old_bytes(&bytes), Err(NetError::Magic));
    }

    /// `bytes` with its checksum made right again after a change to its body.
    fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
        let crc = checksum(&bytes[HEADER_BYTES..]);
        bytes[CRC_AT..CRC_AT + 4].copy_from_slice(&crc.to_le_bytes());
        bytes
    }

    /// Each check of the header and the body refuses with its own reason.
    #[test]
    fn every_check_refuses_with_its_reason() {
        let good = random("dualcheckers", 256, 3).to_bytes();
        let with = |at: usize, new: &[u8]| {
            let mut b = good.clone();
            b[at..at + new.len()].copy_from_slice(new);
            Network::from_bytes(&b)
        };
        let name = |s: &str| {
            let mut f = [0u8; NAME_BYTES];
            f[..s.len()].copy_from_slice(s.as_bytes());
            f
        };
        assert!(Network::from_bytes(&good).is_ok());
        assert_eq!(with(0, b"KURNNUE9"), Err(NetError::Magic));
        assert_eq!(
            with(0, OLD_MAGIC_SQUARED),
            Err(NetError::OldFormat("KURNNUE2".into()))
        );
        for game in ["DUALCHECKERS", "chess", ""] {
            assert_eq!(
                with(8, &name(game)),
                Err(NetError::UnknownGame(game.into())),
                "{game}"
            );
        }
        assert_eq!(with(8 + 13, b"x"), Err(NetError::Name("game")));
        assert_eq!(with(8, &[0xff; 16]), Err(NetError::Name("game")));
        assert_eq!(
            with(24, &name("halfkp")),
            Err(NetError::FeatureSet("halfkp".into()))
        );
        let shape = |game: &str, field, found, wanted| {
            Err(NetError::Shape {
                game: game.into(),
                field,
                found,
                wanted,
            })
        };
        // A Dual-checkers body under Schachdame's name: its kinds are not Schachdame's.
        assert_eq!(
            with(8, &name("schachdame")),
            shape("schachdame", "kinds", 2, 3)
        );
        assert_eq!(
            with(40, &3u16.to_le_bytes()),
            shape("dualcheckers", "kinds", 3, 2)
        );
        assert_eq!(
            with(42, &96u16.to_le_bytes()),
            shape("dualcheckers", "squares", 96, 64)
        );
        assert_eq!(
            with(44, &255u32.to_le_bytes()),
            shape("dualcheckers", "inputs", 255, 256)
        );
        assert_eq!(with(48, &64u32.to_le_bytes()), Err(NetError::Hidden(64)));
        assert_eq!(with(52, &[7]), Err(NetError::Activation(7)));
        assert_eq!(with(53, &[1]), Err(NetError::Reserved(1)));
        for (at, field, wanted) in [(54, "QA", QA), (56, "QB", QB), (58, "SCALE", SCALE)] {
            assert_eq!(
                with(at, &1u16.to_le_bytes()),
                Err(NetError::Quantisation {
                    field,
                    found: 1,
                    wanted: wanted as u32
                })
            );
        }
        let n = good.len();
        for cut in [0, 8, 20, HEADER_BYTES - 1, HEADER_BYTES, n / 2, n - 1] {
            let e = Network::from_bytes(&good[..cut]).unwrap_err();
            assert!(
                matches!(e, NetError::Truncated { .. } | NetError::Magic),
                "{cut}: {e}"
            );
        }
        assert_eq!(
            Network::from_bytes(&good[..n - 1]),
            Err(NetError::Truncated {
                expected: n,
                found: n - 1
            })
        );
        let mut longer = good.clone();
        longer.push(0);
        assert_eq!(
            Network::from_bytes(&longer),
            Err(NetError::Trailing {
                expected: n,
                found: n + 1
            })
        );
        let mut flipped = good.clone();
        flipped[HEADER_BYTES + 1000] ^= 4;
        assert!(matches!(
            Network::from_bytes(&flipped),
            Err(NetError::Checksum { .. })
        ));
        // Every message says what is wrong.
        let e = Network::from_bytes(&flipped).unwrap_err().to_string();
        assert!(e.contains("CRC-32") && e.contains("damaged"), "{e}");
    }

    /// A random body behind a valid header, its checksum right: the weights could overflow an
    /// accumulator, and the file is refused.
    #[test]
    fn a_random_body_behind_a_valid_header_is_refused() {
        let good = random("courier", 1728, 5).to_bytes();
        let mut s = 99u64;
        let body: Vec<u8> = (HEADER_BYTES..good.len())
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                (s >> 24) as u8
            })
            .collect();
        let mut bytes = good[..HEADER_BYTES].to_vec();
        bytes.extend_from_slice(&body);
        assert!(matches!(
            Network::from_bytes(&bytes),
            Err(NetError::Checksum { .. })
        ));
        let e = Network::from_bytes(&resealed(bytes)).unwrap_err();
        assert!(matches!(e, NetError::Overflow { pieces: 48, .. }), "{e}");
    }

    /// The weights' bound: a network whose accumulators just fit `i16` with the game's most
    /// pieces is read, one unit more is refused; extreme weights are refused.
    #[test]
    fn the_weights_must_keep_every_accumulator_within_i16() {
        let inputs = 256; // Dual checkers: 24 pieces at most.
        let w = 1365; // 24 · 1365 = 32,760
        let ft_w: Vec<i16> = (0..inputs * HIDDEN)
            .map(|i| {
                if (i / HIDDEN).is_multiple_of(3) {
                    -w
                } else {
                    w / 2
                }
            })
            .collect();
        let out_w = vec![i16::MAX; 2 * HIDDEN];
        let at = |bias: i16| {
            let ft_b = vec![bias; HIDDEN];
            Network::from_parts(
                "dualcheckers",
                inputs,
                Activation::ClippedRelu,
                &ft_w,
                &ft_b,
                &out_w,
                i32::MAX,
            )
        };
        let fits = at(7);
        assert_eq!(
            fits.accumulator_bound(Geometry::named("dualcheckers").unwrap()),
            [32767; HIDDEN]
        );
        assert_eq!(Network::from_bytes(&fits.to_bytes()), Ok(fits.clone()));
        assert_eq!(
            Network::from_bytes(&at(-8).to_bytes()),
            Err(NetError::Overflow {
                unit: 0,
                bound: 32768,
                pieces: 24
            })
        );
        for (seed, game, inputs) in [
            (1, "courier", 1728),
            (2, "schachdame", 384),
            (3, "dualcheckers", 256),
        ] {
            for activation in [Activation::ClippedRelu, Activation::SquaredClippedRelu] {
                let net = random_extreme(game, inputs, activation, seed);
                assert!(matches!(net.verify(), Err(NetError::Overflow { .. })));
                assert!(matches!(
                    Network::from_bytes(&net.to_bytes()),
                    Err(NetError::Overflow { .. })
                ));
                assert!(matches!(
                    Network::from_old_bytes(&net.to_old_bytes()),
                    Err(NetError::Overflow { .. })
                ));
            }
        }
        // The extreme output weights and bias that are allowed give outputs within i32.
        let us = [QA as i16; HIDDEN];
        assert_eq!(fits.output(&us, &us), plain_output(&fits, &us, &us));
        assert!(i64::from(fits.output(&us, &us)) <= OUTPUT_BOUND);
    }

    #[test]
    fn output_is_the_quantised_dot_product() {
        let net = random("courier", 1728, 11);
        let us = [QA as i16; HIDDEN];
        let them = [-5; HIDDEN];
        let sum: i32 = net.out_weights[0].iter().map(|&w| QA * i32::from(w)).sum();
        assert_eq!(net.output(&us, &them), (sum + 1234) * SCALE / (QA * QB));
    }

    #[test]
    fn the_squared_activation_reads_back_and_squares() {
        let mut net = random("courier", 1728, 11);
        net.activation = Activation::SquaredClippedRelu;
        let bytes = net.to_bytes();
        assert_eq!(bytes[52], 1);
        assert_eq!(&net.to_old_bytes()[..8], OLD_MAGIC_SQUARED);
        assert_eq!(Network::from_bytes(&bytes), Ok(net.clone()));
        // Half of QA squared is a quarter of it: (QA/2)²/QA per weight, rounded down once.
        let half = [(QA / 2) as i16; HIDDEN];
        let them = [0; HIDDEN];
        let c = i64::from(QA / 2);
        let dot: i64 = net.out_weights[0]
            .iter()
            .map(|&w| c * c * i64::from(w))
            .sum();
        let want = (dot / i64::from(QA) + 1234) * i64::from(SCALE) / i64::from(QA * QB);
        assert_eq!(i64::from(net.output(&half, &them)), want);
        // The same accumulators through the clipped ReLU give about twice as much.
        let mut plain = net.clone();
        plain.activation = Activation::ClippedRelu;
        assert_ne!(plain.output(&half, &them), net.output(&half, &them));
        assert_eq!(Activation::SquaredClippedRelu.apply(0.5), 0.25);
        assert_eq!(Activation::SquaredClippedRelu.derivative(0.5), 1.0);
        assert_eq!(Activation::ClippedRelu.derivative(1.5), 0.0);
    }
}
