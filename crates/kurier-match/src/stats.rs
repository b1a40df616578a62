//! Match statistics: Elo difference with its 95% error bars, likelihood of superiority, and the
//! log-likelihood ratio of a sequential probability ratio test.
//!
//! - Elo from the score fraction `p`: `-400 log10(1/p - 1)` (the logistic model).
//! - Error bars: the per-game variance of the score (wins 1, draws ½, losses 0) gives the
//!   standard error of `p`; the bars are the Elo of `p ± 1.96 standard errors`, half their
//!   distance reported as `±` (as cutechess-cli does).
//! - LOS: `½ (1 + erf((W - L) / sqrt(2 (W + L))))`, draws ignored.
//! - SPRT: the generalised SPRT on the trinomial results (Van den Bergh; fishtest's
//!   `LLR_logistic`): for each hypothesis the most likely distribution of results whose mean
//!   score is `s_i` (the expected score at `elo_i`), and `LLR = N Σ p̂ ln(p1 / p0)` over the
//!   empirical distribution `p̂`. Unlike the normal approximation it stays meaningful after a
//!   clean sweep or only draws. H1 is accepted when the LLR reaches `ln((1 - β) / α)`, H0 when it
//!   falls to `ln(β / (1 - α))`.
//!
//! - Pentanomial: the same three figures over pairs of games (the two games of one opening with
//!   the colours swapped, scored 0, ½, 1, 1½ or 2 together): per-pair variance for the error
//!   bars, and the generalised SPRT over the five pair scores (fishtest's and fastchess's
//!   pentanomial test). The two games of a pair are not independent — an unbalanced opening
//!   tends to give each side one win —, so only pairs measure the variance honestly; a match
//!   whose games are all paired (`--games` even) decides its SPRT on them.
//!
//! Hand-written, on purpose: Elo, its error bars and LOS are a line of arithmetic each, and the
//! SPRT that Kurier needs — the generalised SPRT in logistic Elo on the trinomial or pentanomial
//! results, as fishtest computes it — is offered by no crate we found (the statistics crates
//! compute Wald's two-outcome SPRT on decisive games only, or the older BayesElo form with a
//! draw-Elo nuisance parameter, whose Elo is another unit); it is checked below against an
//! independent implementation. The error function comes from `libm` (std has none).

use super::settings::SprtParams;

/// Wins, draws and losses from one side's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
}

/// What an SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SprtVerdict {
    /// Not decided yet.
    Continue,
    /// H0 accepted: the difference is at most `elo0`.
    H0,
    /// H1 accepted: the difference is at least `elo1`.
    H1,
}

/// The two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference that gives the score fraction `p` (0 < p < 1).
pub fn elo_from_score(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The expected score of an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Wdl {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The same result from the other side.
    pub fn flipped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// Points: a win 1, a draw ½.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The score fraction (0.5 with no games).
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => self.points() / n as f64,
        }
    }

    /// Per-game variance of the score.
    fn variance(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let p = self.score();
        (self.wins as f64 * (1.0 - p).powi(2)
            + self.draws as f64 * (0.5 - p).powi(2)
            + self.losses as f64 * p.powi(2))
            / n
    }

    /// The Elo difference; infinite after a clean sweep either way.
    pub fn elo(&self) -> f64 {
        elo_from_score(self.score())
    }

    /// Half the width of the 95% confidence interval of the Elo difference; infinite when the
    /// interval reaches a score of 0 or 1.
    pub fn elo_error(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return f64::INFINITY;
        }
        let dev = Z95 * (self.variance() / n).sqrt();
        let (lo, hi) = (self.score() - dev, self.score() + dev);
        if lo <= 0.0 || hi >= 1.0 {
            return f64::INFINITY;
        }
        (elo_from_score(hi) - elo_from_score(lo)) / 2.0
    }

    /// Likelihood of superiority: the probability that this side is the stronger.
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + libm::erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
    }

    /// The SPRT's log-likelihood ratio of H1 against H0 (the generalised SPRT on the
    /// trinomial distribution of results, see the module notes).
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        // Empirical distribution over the scores 0, ½, 1.
        gsprt_llr(
            &[(0.0, self.losses), (0.5, self.draws), (1.0, self.wins)],
            elo0,
            elo1,
        )
    }
}

/// The generalised SPRT's log-likelihood ratio for results `(score, count)` with scores in
/// [0, 1]: `N Σ p̂ ln(p1 / p0)`. Empty cells get a tiny count so that a clean sweep or all draws
/// still give a finite, meaningful ratio (as fishtest does).
fn gsprt_llr(results: &[(f64, u32)], elo0: f64, elo1: f64) -> f64 {
    let n: u32 = results.iter().map(|&(_, c)| c).sum();
    if n == 0 {
        return 0.0;
    }
    let counts: Vec<f64> = results.iter().map(|&(_, c)| (c as f64).max(1e-3)).collect();
    let total: f64 = counts.iter().sum();
    let pdf: Vec<(f64, f64)> = results
        .iter()
        .zip(&counts)
        .map(|(&(a, _), &c)| (a, c / total))
        .collect();
    let (s0, s1) = (score_from_elo(elo0), score_from_elo(elo1));
    let (l0, l1) = (mle_lambda(&pdf, s0), mle_lambda(&pdf, s1));
    n as f64
        * pdf
            .iter()
            .map(|&(a, p)| p * ((1.0 + l0 * (a - s0)).ln() - (1.0 + l1 * (a - s1)).ln()))
            .sum::<f64>()
}

/// Results of game pairs (the two games of one opening, colours swapped) from one side's point
/// of view: `counts[k]` pairs scored `k / 2` points (0, ½, 1, 1½, 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Penta {
    /// Pairs by points times two: `[LL, LD, LW+DD, DW, WW]`.
    pub counts: [u32; 5],
}

impl Penta {
    /// Counts a pair worth `half_points` / 2 points (0..=4).
    pub fn add(&mut self, half_points: u8) {
        self.counts[usize::from(half_points.min(4))] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// Results as (score per game, count).
    fn results(&self) -> [(f64, u32); 5] {
        std::array::from_fn(|k| (k as f64 / 4.0, self.counts[k]))
    }

    /// The score fraction (0.5 with no pairs).
    pub fn score(&self) -> f64 {
        match self.pairs() {
            0 => 0.5,
            n => {
                self.results()
                    .iter()
                    .map(|&(a, c)| a * c as f64)
                    .sum::<f64>()
                    / n as f64
            }
        }
    }

    /// The Elo difference; infinite after a clean sweep either way.
    pub fn elo(&self) -> f64 {
        elo_from_score(self.score())
    }

    /// Half the width of the 95% confidence interval of the Elo difference, from the per-pair
    /// variance; infinite when the interval reaches a score of 0 or 1.
    pub fn elo_error(&self) -> f64 {
        let n = self.pairs() as f64;
        if n == 0.0 {
            return f64::INFINITY;
        }
        let p = self.score();
        let var = self
            .results()
            .iter()
            .map(|&(a, c)| c as f64 * (a - p).powi(2))
            .sum::<f64>()
            / n;
        let dev = Z95 * (var / n).sqrt();
        let (lo, hi) = (p - dev, p + dev);
        if lo <= 0.0 || hi >= 1.0 {
            return f64::INFINITY;
        }
        (elo_from_score(hi) - elo_from_score(lo)) / 2.0
    }

    /// The SPRT's log-likelihood ratio of H1 against H0 over the pairs.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        gsprt_llr(&self.results(), elo0, elo1)
    }
}

/// The Lagrange multiplier of the most likely distribution with mean score `s` near the
/// empirical `pdf`: the root of `Σ p (a - s) / (1 + λ (a - s)) = 0`, found by bisection (the sum
/// falls as λ grows, on the interval where every `1 + λ (a - s)` stays positive). That
/// distribution is `p / (1 + λ (a - s))`.
fn mle_lambda(pdf: &[(f64, f64)], s: f64) -> f64 {
    let f = |lambda: f64| -> f64 {
        pdf.iter()
            .map(|&(a, p)| p * (a - s) / (1.0 + lambda * (a - s)))
            .sum()
    };
    let eps = 1e-12;
    let (mut lo, mut hi) = (-1.0 / (1.0 - s) + eps, 1.0 / s - eps);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo + hi) / 2.0
}

/// The bounds of the LLR: (lower, upper).
pub fn sprt_bounds(p: &SprtParams) -> (f64, f64) {
    (
        (p.beta / (1.0 - p.alpha)).ln(),
        ((1.0 - p.beta) / p.alpha).ln(),
    )
}

/// The SPRT's verdict for a log-likelihood ratio.
pub fn sprt_verdict(llr: f64, p: &SprtParams) -> SprtVerdict {
    let (lower, upper) = sprt_bounds(p);
    if llr >= upper {
        SprtVerdict::H1
    } else if llr <= lower {
        SprtVerdict::H0
    } else {
        SprtVerdict::Continue
    }
}

/// `+12.3 ± 45.6` style numbers: a signed value, `inf` when infinite.
pub fn signed(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        // Adding 0.0 turns -0.0 into 0.0.
        format!("{:+.1}", x + 0.0)
    }
}

/// An unsigned value, `inf` when infinite.
pub fn unsigned(x: f64) -> String {
    if x.is_infinite() {
        "inf".to_string()
    } else {
        format!("{x:.1}")
    }
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

    fn close(a: f64, b: f64, eps: f64) {
        assert!((a - b).abs() < eps, "{a} vs {b}");
    }

    #[test]
    fn elo_values() {
        // A 75% score is 190.85 Elo; 50% is 0; 64% is +100 (rounded).
        close(wdl(3, 0, 1).elo(), 190.848_501_887_865, 1e-9);
        close(wdl(5, 10, 5).elo(), 0.0, 1e-12);
        close(elo_from_score(0.64), 99.95, 0.01);
        close(score_from_elo(400.0), 10.0 / 11.0, 1e-12);
        assert!(wdl(4, 0, 0).elo().is_infinite());
        // 40-20-40 in 100 games: p = 0.5, sigma^2 = 0.2, bars at 0.5 ± 1.96·0.0447.
        let e = wdl(40, 20, 40).elo_error();
        close(e, elo_from_score(0.5 + Z95 * 0.002f64.sqrt()), 1e-9);
        close(e, 61.54, 0.01);
        assert!(wdl(3, 0, 0).elo_error().is_infinite());
        assert_eq!(signed(f64::INFINITY), "+inf");
        assert_eq!(signed(-2.34), "-2.3");
    }

    #[test]
    fn pentanomial_values() {
        // Reference values from an independent Python implementation of the same formula.
        for (counts, e0, e1, llr) in [
            ([10, 40, 100, 50, 12], 0.0, 5.0, 0.374_794_706_404_779_35),
            ([0, 0, 0, 0, 30], 0.0, 10.0, 0.850_987_235_992_670_3),
            ([5, 20, 50, 20, 5], 0.0, 5.0, -0.051_739_092_091_140_74),
            ([3, 30, 60, 40, 9], -5.0, 5.0, 1.548_164_082_508_724_6),
        ] {
            close(Penta { counts }.llr(e0, e1), llr, 1e-7);
        }
        let p = Penta {
            counts: [10, 40, 100, 50, 12],
        };
        assert_eq!(p.pairs(), 212);
        close(p.score(), 0.516_509_433_962_264_1, 1e-12);
        close(p.elo(), 11.476_101_513_745_594, 1e-9);
        close(p.elo_error(), 21.422_055_699_644_42, 1e-9);
        assert_eq!(Penta::default().llr(0.0, 5.0), 0.0);
        assert!(Penta {
            counts: [0, 0, 0, 0, 3]
        }
        .elo_error()
        .is_infinite());
        // 25 pairs of a win each, 25 of two draws and one win-and-draw: pairs that split 1-1
        // measure less variance than the same 102 games counted one by one.
        let mut split = Penta::default();
        for _ in 0..50 {
            split.add(2);
        }
        split.add(3);
        let games = Wdl {
            wins: 26,
            draws: 51,
            losses: 25,
        };
        assert!(split.elo_error() < games.elo_error());
    }

    #[test]
    fn los_values() {
        close(wdl(10, 5, 10).los(), 0.5, 1e-12);
        // 10 wins, no losses: 0.5 (1 + erf(sqrt 5)).
        close(wdl(10, 0, 0).los(), 0.999_217_298_870_998_7, 1e-12);
        close(wdl(0, 7, 0).los(), 0.5, 1e-12);
        close(wdl(20, 10, 30).los() + wdl(30, 10, 20).los(), 1.0, 1e-12);
    }

    #[test]
    fn sprt_values() {
        // Reference values from an independent Python implementation of the same formula
        // (bisection for the multipliers, zero counts replaced by 1e-3).
        for (w, d, l, e0, e1, llr) in [
            (60, 20, 20, 0.0, 5.0, 0.707_247_347_590_084_8),
            (200, 0, 0, 0.0, 100.0, 49.391_751_348_880_52),
            (1, 0, 0, 0.0, 5.0, 0.014_258_853_730_868_486),
            (0, 50, 0, 0.0, 5.0, -0.717_834_943_425_950_1),
            (10, 5, 10, 0.0, 5.0, -0.003_235_889_163_542_252_3),
            (20, 30, 10, -5.0, 5.0, 0.575_540_366_206_935_7),
        ] {
            close(wdl(w, d, l).llr(e0, e1), llr, 1e-7);
        }
        let w = wdl(60, 20, 20);
        let p = SprtParams {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lo, hi) = sprt_bounds(&p);
        close(hi, 2.944_438_979, 1e-6);
        close(lo, -2.944_438_979, 1e-6);
        assert_eq!(sprt_verdict(w.llr(0.0, 5.0), &p), SprtVerdict::Continue);
        assert_eq!(
            sprt_verdict(wdl(600, 200, 200).llr(0.0, 5.0), &p),
            SprtVerdict::H1
        );
        assert_eq!(
            sprt_verdict(wdl(200, 200, 600).llr(0.0, 5.0), &p),
            SprtVerdict::H0
        );
        assert_eq!(wdl(0, 0, 0).llr(0.0, 5.0), 0.0);
    }
}
