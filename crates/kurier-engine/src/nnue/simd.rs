//! The vector instructions the network's loops run with, chosen once at run time.
//!
//! Kurier is built for its architecture's baseline (plain x86-64, aarch64), so that one binary
//! runs on every processor of the architecture. The network's loops (the accumulator updates
//! and the output's dot products, [`super::network`]) are where the search does most of its
//! vector work; [`run`] compiles the code it is given once more for each wider set of
//! instructions, and runs the widest one the processor has ([`Level::detect`]):
//!
//! - x86-64 with AVX-512 F, BW, CD, DQ and VL (as the x86-64-v4 target) and those of AVX2;
//! - x86-64 with AVX2, BMI1, BMI2, LZCNT and POPCNT (the integer part of x86-64-v3);
//! - otherwise the baseline: SSE2 vectors on x86-64; NEON on aarch64, which every aarch64
//!   processor has (so there is nothing to choose there); plain code elsewhere.
//!
//! The source is the same at every level and its arithmetic is on integers, so every level
//! gives the same numbers bit for bit; a test compares each level the processor has with a
//! plain element-by-element computation, extreme values included.

/// A set of vector instructions that this processor has. Only [`Level::detect`],
/// [`Level::available`] and [`Level::BASELINE`] make one, so a level names instructions that
/// the processor running the program can execute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level(Kind);

/// The levels, private so that no one names a level the processor lacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Baseline,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Level {
    /// The architecture's baseline, which every processor of it has.
    pub const BASELINE: Level = Level(Kind::Baseline);

    /// The widest level this processor has (the operating system's support for the wide
    /// registers included, as `std` checks it).
    pub fn detect() -> Level {
        *Level::available().last().unwrap_or(&Level::BASELINE)
    }

    /// Every level this processor has, the baseline first and the widest last.
    pub fn available() -> Vec<Level> {
        let mut levels = vec![Level::BASELINE];
        levels.extend(wider_levels());
        levels
    }

    /// The level's name in reports: `avx512`, `avx2`, or the baseline's (`sse2`, `neon`,
    /// `generic`).
    pub fn name(self) -> &'static str {
        match self.0 {
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => "avx512",
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => "avx2",
            Kind::Baseline if cfg!(target_arch = "x86_64") => "sse2",
            Kind::Baseline if cfg!(target_arch = "aarch64") => "neon",
            Kind::Baseline => "generic",
        }
    }
}

/// The levels above the baseline that this x86-64 processor has, narrowest first.
#[cfg(target_arch = "x86_64")]
fn wider_levels() -> Vec<Level> {
    let v3 = std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("popcnt");
    let v4 = v3
        && std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512bw")
        && std::is_x86_feature_detected!("avx512cd")
        && std::is_x86_feature_detected!("avx512dq")
        && std::is_x86_feature_detected!("avx512vl");
    [(v3, Kind::Avx2), (v4, Kind::Avx512)]
        .into_iter()
        .filter_map(|(has, kind)| has.then_some(Level(kind)))
        .collect()
}

/// None elsewhere: aarch64's baseline has NEON, the only vectors every such processor has.
#[cfg(not(target_arch = "x86_64"))]
fn wider_levels() -> Vec<Level> {
    Vec::new()
}

/// Runs `f` compiled for `level`'s instructions. `f`, an `#[inline(always)]` closure, is inlined
/// into a function compiled for them, and so is every `#[inline(always)]` function it calls
/// (the network's loops are); what it calls that is not inlined runs at the baseline. (A closure
/// without the attribute, called from each level's function, is too large to be inlined there.)
#[inline(always)]
#[allow(unsafe_code)] // Calling a function compiled for instructions the baseline lacks.
pub fn run<R>(level: Level, f: impl FnOnce() -> R) -> R {
    match level.0 {
        // SAFETY: a `Level` other than the baseline is made only by `wider_levels`, after
        // `std` found every instruction set the function is compiled for on this processor.
        #[cfg(target_arch = "x86_64")]
        Kind::Avx512 => unsafe { avx512(f) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Kind::Avx2 => unsafe { avx2(f) },
        Kind::Baseline => f(),
    }
}

/// `f` compiled for AVX2 and its companions.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn avx2<R>(f: impl FnOnce() -> R) -> R {
    f()
}

/// `f` compiled for AVX-512 and AVX2's set.
#[cfg(target_arch = "x86_64")]
#[target_feature(
    enable = "avx512f,avx512bw,avx512cd,avx512dq,avx512vl,avx2,bmi1,bmi2,lzcnt,popcnt"
)]
fn avx512<R>(f: impl FnOnce() -> R) -> R {
    f()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_baseline_comes_first_and_the_detected_level_last() {
        let levels = Level::available();
        assert_eq!(levels[0], Level::BASELINE);
        assert_eq!(Level::detect(), *levels.last().unwrap());
        assert_eq!(run(Level::detect(), || 6 * 7), 42);
        println!(
            "levels here: {:?}",
            levels.iter().map(|l| l.name()).collect::<Vec<_>>()
        );
    }
}
