//! The result lines scripts parse, worded and laid out as cutechess-cli 1.5 prints them (its
//! `EngineMatch` and `Tournament::results`), from Kurier's statistics ([`super::stats`]):
//!
//! ```text
//! Score of A vs B: 12 - 5 - 3  [0.675] 20
//! ...      A playing White: 7 - 2 - 1  [0.750] 10
//! ...      A playing Black: 5 - 3 - 2  [0.600] 10
//! ...      White vs Black: 10 - 7 - 3  [0.575] 20
//! Elo difference: 127.0 +/- 163.6, LOS: 95.6 %, DrawRatio: 15.0 %
//! SPRT: llr 1.2 (40.8%), lbound -2.94, ubound 2.94
//! ```
//!
//! and, with more than two engines, the rank table of cutechess's default result format
//! (`Rank Name Elo +/- Games Score Draw`; in a gauntlet the first engine heads it as rank 0, as
//! in cutechess-cli). Elo, its error and LOS are Kurier's figures from the game results (the
//! trinomial model, as cutechess computes them); the SPRT line shows the test that decides the
//! match — pentanomial when every opening is played as a colour-reversed pair.

use super::stats::{SprtVerdict, Wdl};
use std::fmt::Write;

/// One engine's results, in total and by colour.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    /// Its name.
    pub name: String,
    /// With White.
    pub white: Wdl,
    /// With Black.
    pub black: Wdl,
}

impl Standing {
    /// Every game.
    pub fn total(&self) -> Wdl {
        Wdl {
            wins: self.white.wins + self.black.wins,
            draws: self.white.draws + self.black.draws,
            losses: self.white.losses + self.black.losses,
        }
    }
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtStatus {
    /// The log-likelihood ratio.
    pub llr: f64,
    /// The bound that accepts H0.
    pub lower: f64,
    /// The bound that accepts H1.
    pub upper: f64,
    /// The decision so far.
    pub verdict: SprtVerdict,
}

/// A number as C's `%.Ng` (Qt's `'g'` format) writes it: `N` significant digits, trailing
/// zeros dropped, an exponent below 1e-4 and from 10^N on.
pub fn format_g(x: f64, digits: usize) -> String {
    if x.is_nan() {
        return "nan".to_string();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf" } else { "-inf" }.to_string();
    }
    if x == 0.0 {
        return "0".to_string();
    }
    let digits = digits.max(1);
    let sci = format!("{:.*e}", digits - 1, x);
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let trim = |s: &str| -> String {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s.to_string()
        }
    };
    if exp < -4 || exp >= digits as i32 {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{}e{sign}{:02}", trim(mantissa), exp.abs())
    } else {
        let decimals = (digits as i32 - 1 - exp).max(0) as usize;
        trim(&format!("{x:.decimals$}"))
    }
}

/// `%.1f`, with `nan` as C writes it.
fn f1(x: f64) -> String {
    if x.is_nan() {
        "nan".to_string()
    } else {
        // `+ 0.0` turns -0 into 0, as an even score prints in cutechess-cli.
        format!("{:.1}", x + 0.0)
    }
}

/// `W - L - D  [ratio] N` of one side's results.
fn wld(w: &Wdl) -> String {
    format!(
        "{} - {} - {}  [{:.3}] {}",
        w.wins,
        w.losses,
        w.draws,
        w.points() / w.games() as f64,
        w.games()
    )
}

/// The lines for two engines: `Score of`, the colour lines, `Elo difference`, and the SPRT.
fn two_engines(out: &mut String, a: &Standing, b: &Standing, sprt: Option<SprtStatus>) {
    let total = a.total();
    let _ = writeln!(out, "Score of {} vs {}: {}", a.name, b.name, wld(&total));
    if a.white.games() > 0 {
        let _ = writeln!(out, "...      {} playing White: {}", a.name, wld(&a.white));
    }
    if a.black.games() > 0 {
        let _ = writeln!(out, "...      {} playing Black: {}", a.name, wld(&a.black));
    }
    if total.games() > 0 {
        // White's results: A's with White, B's with White (A's losses with Black).
        let white = Wdl {
            wins: a.white.wins + a.black.losses,
            draws: total.draws,
            losses: a.white.losses + a.black.wins,
        };
        let _ = writeln!(out, "...      White vs Black: {}", wld(&white));
    }
    let _ = writeln!(
        out,
        "Elo difference: {} +/- {}, LOS: {} %, DrawRatio: {} %",
        f1(total.elo()),
        f1(total.elo_error()),
        f1(100.0 * total.los()),
        f1(100.0 * total.draws as f64 / total.games() as f64)
    );
    if let Some(s) = sprt {
        let verdict = match s.verdict {
            SprtVerdict::Continue => "",
            SprtVerdict::H0 => " - H0 was accepted",
            SprtVerdict::H1 => " - H1 was accepted",
        };
        let _ = writeln!(
            out,
            "SPRT: llr {} ({:.1}%), lbound {}, ubound {}{verdict}",
            format_g(s.llr, 3),
            100.0 * s.llr / s.upper,
            format_g(s.lower, 3),
            format_g(s.upper, 3)
        );
    }
}

/// The rank table of cutechess's default result format.
fn rank_table(out: &mut String, standings: &[Standing], gauntlet: bool) {
    let _ = writeln!(
        out,
        "{:>4} {:<25} {:>7} {:>7} {:>7} {:>7} {:>7} ",
        "Rank", "Name", "Elo", "+/-", "Games", "Score", "Draw"
    );
    // The gauntlet's engine first; then by score, best first; engines without games last.
    let key = |i: usize| -> f64 {
        let t = standings[i].total();
        if gauntlet && i == 0 {
            -1.0
        } else if t.games() == 0 {
            2.0
        } else {
            1.0 - t.score()
        }
    };
    let mut order: Vec<usize> = (0..standings.len()).collect();
    // Equal keys: the later engine first, as cutechess's multimap lists them.
    order.sort_by(|&x, &y| key(x).total_cmp(&key(y)).then(y.cmp(&x)));
    let first = if gauntlet { 0 } else { 1 };
    for (rank, &i) in order.iter().enumerate() {
        let t = standings[i].total();
        let _ = writeln!(
            out,
            "{:>4} {:<25} {:>7.0} {:>7.0} {:>7} {:>6.1}% {:>6.1}% ",
            rank + first,
            standings[i].name,
            t.elo() + 0.0,
            t.elo_error(),
            t.games(),
            100.0 * t.score(),
            100.0 * t.draws as f64 / t.games().max(1) as f64
        );
    }
}

/// The lines cutechess-cli prints at a rating interval and at the end: for two engines the
/// `Score of` line, the colour lines, `Elo difference` and (with an SPRT) the `SPRT` line; for
/// more, the rank table.
pub fn results(standings: &[Standing], gauntlet: bool, sprt: Option<SprtStatus>) -> String {
    let mut out = String::new();
    match standings {
        [a, b] => two_engines(&mut out, a, b, sprt),
        _ => rank_table(&mut out, standings, gauntlet),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wdl(wins: u32, draws: u32, losses: u32) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn g_format_as_c_writes_it() {
        for (x, s) in [
            (2.944_438_979, "2.94"),
            (-2.944_438_979, "-2.94"),
            (0.5, "0.5"),
            (1.0, "1"),
            (12.345, "12.3"),
            (123.45, "123"),
            (1234.5, "1.23e+03"),
            (0.000_123_4, "0.000123"),
            (0.000_012_34, "1.23e-05"),
            (0.0, "0"),
            (9.999, "10"),
        ] {
            assert_eq!(format_g(x, 3), s, "{x}");
        }
    }

    #[test]
    fn two_engines_as_cutechess_prints_them() {
        let a = Standing {
            name: "A".into(),
            white: wdl(7, 1, 2),
            black: wdl(5, 2, 3),
        };
        let b = Standing {
            name: "B".into(),
            white: wdl(3, 2, 5),
            black: wdl(2, 1, 7),
        };
        let sprt = SprtStatus {
            llr: 1.2,
            lower: -2.944_438_979,
            upper: 2.944_438_979,
            verdict: SprtVerdict::Continue,
        };
        let text = results(&[a, b], false, Some(sprt));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Score of A vs B: 12 - 5 - 3  [0.675] 20");
        assert_eq!(lines[1], "...      A playing White: 7 - 2 - 1  [0.750] 10");
        assert_eq!(lines[2], "...      A playing Black: 5 - 3 - 2  [0.600] 10");
        assert_eq!(lines[3], "...      White vs Black: 10 - 7 - 3  [0.575] 20");
        assert!(
            lines[4].starts_with("Elo difference: 127.0 +/- ")
                && lines[4].ends_with(", LOS: 95.5 %, DrawRatio: 15.0 %"),
            "{}",
            lines[4]
        );
        assert_eq!(lines[5], "SPRT: llr 1.2 (40.8%), lbound -2.94, ubound 2.94");
    }

    #[test]
    fn the_rank_table() {
        let s = |name: &str, w, d, l| Standing {
            name: name.into(),
            white: wdl(w, d, l),
            black: Wdl::default(),
        };
        let text = results(
            &[s("G", 1, 2, 1), s("X", 0, 1, 1), s("Y", 2, 1, 0)],
            true,
            None,
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "Rank Name                          Elo     +/-   Games   Score    Draw "
        );
        assert!(lines[1].starts_with("   0 G    "), "{text}");
        assert!(lines[2].starts_with("   1 Y    "), "{text}");
        assert!(lines[3].starts_with("   2 X    "), "{text}");
        assert!(lines[1].ends_with("      4   50.0%   50.0% "), "{text}");
        // Round-robin: ranks from 1, by score.
        let text = results(
            &[s("G", 1, 2, 1), s("X", 0, 1, 1), s("Y", 2, 1, 0)],
            false,
            None,
        );
        assert!(
            text.lines().nth(1).unwrap().starts_with("   1 Y "),
            "{text}"
        );
    }
}
