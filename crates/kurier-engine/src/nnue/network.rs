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
//! and no format crate would check what matters here (the variant and the sizes):
//!
//! ```text
//! magic    8 bytes  "KURNNUE1" (clipped ReLU) or "KURNNUE2" (squared clipped ReLU)
//! variant  u8 length, then the variant's name (UTF-8), e.g. "courier"
//! inputs   u32      inputs per perspective (features::inputs)
//! hidden   u32      must be HIDDEN
//! ft_w     i16 × inputs × hidden   one row of `hidden` per input
//! ft_b     i16 × hidden
//! out_w    i16 × 2·hidden          side to move first
//! out_b    i32
//! ```
//!
//! The float weights are clipped to ±[`WEIGHT_CLIP`] in training, so that no accumulator of a
//! legal position can leave `i16` (at most 48 pieces · 1.98 · 255 < 32,767 with the bias).

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
/// The file's first bytes for a network with the clipped ReLU.
pub const MAGIC: &[u8; 8] = b"KURNNUE1";
/// The file's first bytes for a network with the squared clipped ReLU.
pub const MAGIC_SQUARED: &[u8; 8] = b"KURNNUE2";

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

    /// The file magic that names it.
    pub fn magic(self) -> &'static [u8; 8] {
        match self {
            Activation::ClippedRelu => MAGIC,
            Activation::SquaredClippedRelu => MAGIC_SQUARED,
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

/// Why bytes are not a network.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum NetError {
    /// Not a Kurier network file.
    #[error("not a Kurier network (no KURNNUE1 or KURNNUE2 header)")]
    Magic,
    /// The file ends early or goes on after the network.
    #[error("network file is {found} bytes, its header says {expected}")]
    Size {
        /// Bytes the header implies.
        expected: usize,
        /// Bytes found.
        found: usize,
    },
    /// The variant name is not UTF-8.
    #[error("network variant name is not UTF-8")]
    Variant,
    /// Another hidden size than this build's.
    #[error("network has {0} hidden units; this build needs {HIDDEN}")]
    Hidden(usize),
    /// A network for another game or board.
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

    /// Reads a network file ([module docs](self)).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        let (activation, rest) = [Activation::ClippedRelu, Activation::SquaredClippedRelu]
            .into_iter()
            .find_map(|a| Some((a, bytes.strip_prefix(a.magic().as_slice())?)))
            .ok_or(NetError::Magic)?;
        let short = |expected: usize| NetError::Size {
            expected,
            found: bytes.len(),
        };
        let (&len, rest) = rest.split_first().ok_or(short(MAGIC.len() + 1))?;
        let len = usize::from(len);
        let header = MAGIC.len() + 1 + len + 8;
        if rest.len() < len + 8 {
            return Err(short(header));
        }
        let variant = std::str::from_utf8(&rest[..len]).map_err(|_| NetError::Variant)?;
        let u32_at = |i: usize| u32::from_le_bytes(rest[i..i + 4].try_into().expect("4 bytes"));
        let inputs = u32_at(len) as usize;
        let hidden = u32_at(len + 4) as usize;
        if hidden != HIDDEN {
            return Err(NetError::Hidden(hidden));
        }
        let values = inputs.saturating_mul(HIDDEN) + 3 * HIDDEN;
        let expected = header
            .saturating_add(values.saturating_mul(2))
            .saturating_add(4);
        if bytes.len() != expected {
            return Err(short(expected));
        }
        let body = &rest[len + 8..];
        let i16s: Vec<i16> = body[..2 * values]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        let out_bias = i32::from_le_bytes(body[2 * values..].try_into().expect("4 bytes"));
        let (ft_w, rest) = i16s.split_at(inputs * HIDDEN);
        let (ft_b, out_w) = rest.split_at(HIDDEN);
        Ok(Network::from_parts(
            variant, inputs, activation, ft_w, ft_b, out_w, out_bias,
        ))
    }

    /// The network as a file ([module docs](self)).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(32 + 2 * (self.inputs + 3) * HIDDEN);
        out.extend_from_slice(self.activation.magic());
        let name = self.variant.as_bytes();
        let len = name.len().min(255);
        out.push(len as u8);
        out.extend_from_slice(&name[..len]);
        out.extend_from_slice(&(self.inputs as u32).to_le_bytes());
        out.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        let rows = self.ft_weights.iter().chain([&self.ft_bias]);
        for v in rows.chain(&self.out_weights).flatten() {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.out_bias.to_le_bytes());
        out
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

    /// A 64-bit FNV-1a hash of the file, to name the network in reports.
    pub fn hash(&self) -> u64 {
        self.to_bytes().iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        })
    }

    /// The accumulator of no pieces: the biases.
    #[inline(always)]
    pub fn bias(&self) -> Accumulator {
        self.ft_bias
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
    /// side's `them`.
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
                // At most 2·HIDDEN · QA · 1.98·QB < 2^31 with the clipped weights.
                i64::from(dot(us, &self.out_weights[0]) + dot(them, &self.out_weights[1]))
            }
            Activation::SquaredClippedRelu => {
                // c·w fits i32 (QA · 1.98·QB), c·w·c too (< 2^27); their sum needs i64.
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
        assert_eq!(Network::from_bytes(&bytes), Ok(net.clone()));
        assert_eq!(
            Network::from_bytes(&bytes[..bytes.len() - 1]),
            Err(NetError::Size {
                expected: bytes.len(),
                found: bytes.len() - 1
            })
        );
        assert_eq!(Network::from_bytes(b"KURNNUE"), Err(NetError::Magic));
        assert!(Network::from_bytes(&bytes[..12]).is_err());
        assert!(net.check("courier", 1728).is_ok());
        assert!(net.check("schachdame", 384).is_err());
    }

    #[test]
    fn every_truncation_is_an_error_not_a_panic() {
        let bytes = random("dualcheckers", 256, 3).to_bytes();
        for n in 0..64.min(bytes.len()) {
            assert!(Network::from_bytes(&bytes[..n]).is_err());
        }
        let mut wrong = bytes.clone();
        wrong[8 + 1 + 12 + 4] = 64; // hidden 64
        assert_eq!(Network::from_bytes(&wrong), Err(NetError::Hidden(64)));
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
        assert_eq!(&bytes[..8], MAGIC_SQUARED);
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
