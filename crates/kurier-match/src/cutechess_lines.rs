//! The lines cutechess-cli 1.5.1 prints on stdout, word for word (its `EngineMatch`,
//! `Tournament::results` and `Tournament::outcomes`, `Chess::Result::description`), from
//! Kurier's results. Game by game:
//!
//! ```text
//! Started game 3 of 20 (A vs B)
//! Finished game 3 (A vs B): 1-0 {White mates}
//! Score of A vs B: 2 - 1 - 0  [0.667] 3
//! ```
//!
//! then, every rating interval and at the end, the results:
//!
//! ```text
//! ...      A playing White: 7 - 2 - 1  [0.750] 10
//! ...      A playing Black: 5 - 3 - 2  [0.600] 10
//! ...      White vs Black: 10 - 7 - 3  [0.575] 20
//! Elo difference: 127.0 +/- 163.6, LOS: 95.6 %, DrawRatio: 15.0 %
//! SPRT: llr 1.2 (40.8%), lbound -2.94, ubound 2.94
//! ```
//!
//! (with more than two engines, the rank table of cutechess's default result format instead:
//! `Rank Name Elo +/- Games Score Draw`, a gauntlet's first engine heading it as rank 0), and
//! at the end the outcomes of each engine and `Finished match`. cutechess-cli 1.5.1 prints the
//! `SPRT:` line of two engines even without an SPRT (`llr 0 (0.0%), lbound -inf, ubound inf`),
//! and so does [`results`] given [`SprtStatus::NONE`].
//!
//! Elo, its error margin and LOS are computed as cutechess-cli computes them (its `Elo` class,
//! with its approximation of the inverse error function, `nan` where the interval leaves the
//! scores 0 to 1); the SPRT line shows the test that decides the match ([`super::stats`]: the
//! trinomial GSPRT, pentanomial when every opening is played as a colour-reversed pair), not
//! cutechess's BayesElo one, so its `llr` differs from cutechess's for the same games. The
//! reasons in braces are cutechess's texts for the same ends ([`description`]).

use super::arbiter::{GameEnd, GameResult, Termination};
use super::stats::{SprtVerdict, Wdl};
use kurier_rules::game::Color;
use std::collections::BTreeMap;
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

impl SprtStatus {
    /// No SPRT, as cutechess-cli 1.5.1 still shows one: its bounds from error rates of 0.
    pub const NONE: SprtStatus = SprtStatus {
        llr: 0.0,
        lower: f64::NEG_INFINITY,
        upper: f64::INFINITY,
        verdict: SprtVerdict::Continue,
    };
}

/// cutechess-cli's `Elo` of one side's results: the score, its standard error, and figures
/// from them as cutechess computes them.
struct CuteElo {
    wins: f64,
    losses: f64,
    draws: f64,
    mu: f64,
    stdev: f64,
}

impl CuteElo {
    fn of(w: &Wdl) -> CuteElo {
        let (wins, losses, draws) = (w.wins as f64, w.losses as f64, w.draws as f64);
        let n = wins + losses + draws;
        let (pw, pl, pd) = (wins / n, losses / n, draws / n);
        let mu = pw + pd / 2.0;
        let dev = pw * (1.0 - mu).powi(2) + pl * mu.powi(2) + pd * (0.5 - mu).powi(2);
        CuteElo {
            wins,
            losses,
            draws,
            mu,
            stdev: dev.sqrt() / n.sqrt(),
        }
    }

    fn diff_of(p: f64) -> f64 {
        -400.0 * (1.0 / p - 1.0).log10()
    }

    fn diff(&self) -> f64 {
        Self::diff_of(self.mu)
    }

    /// cutechess's approximation of the inverse error function (Winitzki's).
    fn erf_inv(x: f64) -> f64 {
        let pi = std::f64::consts::PI;
        let a = 8.0 * (pi - 3.0) / (3.0 * pi * (4.0 - pi));
        let y = (1.0 - x * x).ln();
        let z = 2.0 / (pi * a) + y / 2.0;
        let r = ((z * z - y / a).sqrt() - z).sqrt();
        if x < 0.0 {
            -r
        } else {
            r
        }
    }

    fn phi_inv(p: f64) -> f64 {
        std::f64::consts::SQRT_2 * Self::erf_inv(2.0 * p - 1.0)
    }

    fn error_margin(&self) -> f64 {
        let lo = self.mu + Self::phi_inv(0.025) * self.stdev;
        let hi = self.mu + Self::phi_inv(0.975) * self.stdev;
        (Self::diff_of(hi) - Self::diff_of(lo)) / 2.0
    }

    /// In percent.
    fn los(&self) -> f64 {
        100.0
            * (0.5
                + 0.5
                    * libm::erf(
                        (self.wins - self.losses) / (2.0 * (self.wins + self.losses)).sqrt(),
                    ))
    }

    /// From 0 to 1.
    fn draw_ratio(&self) -> f64 {
        self.draws / (self.wins + self.losses + self.draws)
    }
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

/// `x` with `decimals` decimals as Qt's `arg(x, 0, 'f', decimals)` writes it: `nan`, `inf`
/// and `-inf` spelt so.
fn fixed(x: f64, decimals: usize) -> String {
    if x.is_nan() {
        "nan".to_string()
    } else {
        // `+ 0.0` turns -0 into 0, as an even score prints in cutechess-cli.
        format!("{:.decimals$}", x + 0.0)
    }
}

/// `%.1f`.
fn f1(x: f64) -> String {
    fixed(x, 1)
}

/// `W - L - D  [ratio] N` of one side's results (cutechess-cli prints none of no games).
fn wld(w: &Wdl) -> String {
    format!(
        "{} - {} - {}  [{}] {}",
        w.wins,
        w.losses,
        w.draws,
        fixed(w.points() / w.games() as f64, 3),
        w.games()
    )
}

/// `Score of A vs B: W - L - D  [ratio] N`, the line cutechess-cli prints after every game of
/// two engines.
pub fn score_line(a: &Standing, b: &Standing) -> String {
    format!("Score of {} vs {}: {}", a.name, b.name, wld(&a.total()))
}

/// The lines for two engines: the colour lines, `Elo difference`, and the SPRT.
fn two_engines(out: &mut String, a: &Standing, sprt: Option<SprtStatus>) {
    let total = a.total();
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
    let elo = CuteElo::of(&total);
    let _ = writeln!(
        out,
        "Elo difference: {} +/- {}, LOS: {} %, DrawRatio: {} %",
        f1(elo.diff()),
        f1(elo.error_margin()),
        f1(elo.los()),
        f1(100.0 * elo.draw_ratio())
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
        let elo = CuteElo::of(&t);
        let _ = writeln!(
            out,
            "{:>4} {:<25} {:>7} {:>7} {:>7} {:>6}% {:>6}% ",
            rank + first,
            standings[i].name,
            fixed(elo.diff(), 0),
            fixed(elo.error_margin(), 0),
            t.games(),
            fixed(100.0 * elo.mu, 1),
            fixed(100.0 * elo.draw_ratio(), 1)
        );
    }
}

/// The lines cutechess-cli prints at a rating interval and at the end: for two engines the
/// colour lines, `Elo difference` and (given a status) the `SPRT` line, after the `Score of`
/// line when `score` and a game has finished (cutechess-cli prints that one after every game,
/// just before); for more, the rank table. Of no games, the figures are `nan`, as cutechess-cli
/// prints them when its match ends before a game has.
pub fn results(
    standings: &[Standing],
    gauntlet: bool,
    sprt: Option<SprtStatus>,
    score: bool,
) -> String {
    let mut out = String::new();
    match standings {
        [a, b] => {
            if score && a.total().games() > 0 {
                let _ = writeln!(out, "{}", score_line(a, b));
            }
            two_engines(&mut out, a, sprt)
        }
        _ => rank_table(&mut out, standings, gauntlet),
    }
    out
}

/// `Started game N of M (White vs Black)`.
pub fn started(number: usize, total: usize, white: &str, black: &str) -> String {
    format!("Started game {number} of {total} ({white} vs {black})")
}

/// `Finished game N (White vs Black): 1-0 {White mates}`.
pub fn finished(number: usize, white: &str, black: &str, end: &GameEnd) -> String {
    format!(
        "Finished game {number} ({white} vs {black}): {} {{{}}}",
        end.result_str(),
        description(end)
    )
}

/// The `N-move rule` of Kurier's reasons as cutechess words it (`fifty moves rule`).
fn move_rule(plies_text: &str) -> String {
    let moves = plies_text.trim_end_matches("-move rule");
    let word = match moves {
        "50" => "fifty",
        "70" => "seventy",
        other => other,
    };
    format!("Draw by {word} moves rule")
}

/// A game decided by the rules, as cutechess's boards word it (Courier is a Shatranj board
/// there: `White mates`, `White wins by stalemate`, `Bare king`, `Both kings bare`, `Draw by
/// 3-fold repetition`). `None`: Kurier's reason has no such text.
fn by_rules(end: &GameEnd) -> Option<String> {
    let reason = end.reason.as_str();
    if let Some(winner) = end.winner() {
        let rest = reason
            .strip_prefix(winner.name())?
            .strip_prefix(" wins by ")?;
        return Some(match rest {
            "checkmate" => format!("{} mates", winner.name()),
            "stalemate" => format!("{} wins by stalemate", winner.name()),
            "bare king" => "Bare king".to_string(),
            _ => format!("{} wins", winner.name()),
        });
    }
    let rest = reason.strip_prefix("Draw by ")?;
    Some(match rest {
        "threefold repetition" => "Draw by 3-fold repetition".to_string(),
        "stalemate" => "Draw by stalemate".to_string(),
        "two bare kings" => "Both kings bare".to_string(),
        r if r.ends_with("-move rule") => move_rule(r),
        _ => "Drawn game".to_string(),
    })
}

/// Why a game ended, in cutechess-cli's words (`Chess::Result::description`): `White mates`,
/// `Black loses on time`, `White wins by adjudication`, `Draw by 3-fold repetition`,
/// `White makes an illegal move: e2e5`, `Black disconnects` ... An end cutechess has no words
/// for (an engine that rejects a legal move it was sent) keeps Kurier's reason.
pub fn description(end: &GameEnd) -> String {
    let (winner, loser) = match end.result {
        GameResult::Win(c) => (Some(c.name()), Some((!c).name())),
        GameResult::Draw => (None, None),
        GameResult::Unfinished => return "No result".to_string(),
    };
    let reason = end.reason.as_str();
    let text = match (end.termination, winner, loser) {
        (Termination::Normal, _, Some(l)) if reason.starts_with(&format!("{l} resigns")) => {
            Some(format!("{l} resigns"))
        }
        (Termination::Normal, ..) => by_rules(end),
        (Termination::TimeForfeit, _, Some(l)) => Some(format!("{l} loses on time")),
        (Termination::TimeForfeit, ..) => Some("Draw by timeout".to_string()),
        (Termination::RulesInfraction, Some(w), Some(l)) => {
            if reason.contains(" makes a false claim") {
                Some(format!("{w} wins by adjudication: Invalid result claim"))
            } else if reason.contains(" makes an illegal move") {
                // The move as the engine sent it: Kurier's reason quotes it.
                let sent = reason.split('\'').nth(1).unwrap_or_default();
                Some(format!("{l} makes an illegal move: {sent}"))
            } else {
                None
            }
        }
        (Termination::Adjudication, Some(w), _) => Some(format!("{w} wins by adjudication")),
        (Termination::Adjudication, ..) if reason.contains("maximal game length") => {
            Some("Draw by adjudication: maximal game length".to_string())
        }
        (Termination::Adjudication, ..) => Some("Draw by adjudication".to_string()),
        (Termination::Abandoned, _, Some(l)) => Some(format!("{l} disconnects")),
        (Termination::StalledConnection, _, Some(l)) => Some(format!("{l}'s connection stalls")),
        (Termination::Unterminated, None, None) => Some("Drawn game".to_string()),
        _ => None,
    };
    text.unwrap_or_else(|| {
        let mut chars = reason.chars();
        chars.next().map_or_else(
            || "No result".to_string(),
            |c| c.to_uppercase().chain(chars).collect(),
        )
    })
}

/// The outcome a finished game counts for the engine of `side` in cutechess-cli's outcome
/// list (`Tournament::addOutcome`): a draw under its description, a decided game as `Win: `
/// or `Loss: ` and the description. `None` for an unfinished game.
pub fn outcome(end: &GameEnd, side: Color) -> Option<String> {
    let text = description(end);
    match end.result {
        GameResult::Unfinished => None,
        GameResult::Draw => Some(text),
        GameResult::Win(c) if c == side => Some(format!("Win: {text}")),
        GameResult::Win(_) => Some(format!("Loss: {text}")),
    }
}

/// cutechess-cli's outcome list at the end of a match (`Tournament::outcomes`): after an empty
/// line, `Player: NAME` and then `   "OUTCOME": COUNT` for each engine, its outcomes sorted.
pub fn outcomes(players: &[(String, BTreeMap<String, u32>)]) -> String {
    let mut out = String::new();
    for (name, counts) in players {
        let _ = write!(out, "\nPlayer: {name}");
        for (text, n) in counts {
            let _ = write!(out, "\n   \"{text}\": {n}");
        }
    }
    out.push('\n');
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
        let text = results(&[a, b], false, Some(sprt), true);
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
    fn figures_as_cutechess_cli_1_5_1_printed_them() {
        // Lines of a real cutechess-cli 1.5.1 match (tests/fixtures/cutechess-1.5.1-*.txt).
        let elo = |w, l, d| {
            let a = Standing {
                name: "Kurier".into(),
                white: wdl(w, d, l),
                black: Wdl::default(),
            };
            let b = Standing {
                name: "FSF".into(),
                ..Standing::default()
            };
            let text = results(&[a, b], false, Some(SprtStatus::NONE), false);
            text.lines()
                .find(|l| l.starts_with("Elo"))
                .unwrap()
                .to_string()
        };
        assert_eq!(
            elo(2, 1, 0),
            "Elo difference: 120.4 +/- nan, LOS: 71.8 %, DrawRatio: 0.0 %"
        );
        assert_eq!(
            elo(3, 1, 0),
            "Elo difference: 190.8 +/- nan, LOS: 84.1 %, DrawRatio: 0.0 %"
        );
        assert_eq!(
            elo(6, 0, 0),
            "Elo difference: inf +/- nan, LOS: 99.3 %, DrawRatio: 0.0 %"
        );
        // Without an SPRT cutechess-cli 1.5.1 still prints one, with error rates of 0.
        let a = Standing {
            name: "A".into(),
            white: wdl(1, 0, 0),
            black: Wdl::default(),
        };
        let text = results(&[a.clone(), a], false, Some(SprtStatus::NONE), false);
        assert_eq!(
            text.lines().last(),
            Some("SPRT: llr 0 (0.0%), lbound -inf, ubound inf")
        );
        assert!(!text.contains("Score of"), "{text}");
    }

    fn end(result: GameResult, termination: Termination, reason: &str) -> GameEnd {
        GameEnd {
            result,
            termination,
            reason: reason.to_string(),
        }
    }

    #[test]
    fn reasons_in_cutechess_words() {
        use Color::{Black, White};
        use GameResult::{Draw, Unfinished, Win};
        use Termination::*;
        for (end, text) in [
            (
                end(Win(White), Normal, "White wins by checkmate"),
                "White mates",
            ),
            (
                end(Win(Black), Normal, "Black wins by stalemate"),
                "Black wins by stalemate",
            ),
            (
                end(Win(White), Normal, "White wins by bare king"),
                "Bare king",
            ),
            (
                end(Win(Black), Normal, "Black wins by no legal move"),
                "Black wins",
            ),
            (
                end(Draw, Normal, "Draw by threefold repetition"),
                "Draw by 3-fold repetition",
            ),
            (
                end(Draw, Normal, "Draw by two bare kings"),
                "Both kings bare",
            ),
            (
                end(Draw, Normal, "Draw by 50-move rule"),
                "Draw by fifty moves rule",
            ),
            (
                end(Draw, Normal, "Draw by 70-move rule"),
                "Draw by seventy moves rule",
            ),
            (end(Draw, Normal, "Draw by stalemate"), "Draw by stalemate"),
            (end(Win(White), Normal, "Black resigns"), "Black resigns"),
            (
                end(Win(Black), Normal, "White resigns (0-1)"),
                "White resigns",
            ),
            (
                end(
                    Win(Black),
                    TimeForfeit,
                    "White loses on time (no move within 0.066 s)",
                ),
                "White loses on time",
            ),
            (
                end(
                    Win(White),
                    Adjudication,
                    "White wins by adjudication: both ...",
                ),
                "White wins by adjudication",
            ),
            (
                end(
                    Draw,
                    Adjudication,
                    "Draw by adjudication: scores within 10 cp",
                ),
                "Draw by adjudication",
            ),
            (
                end(
                    Draw,
                    Adjudication,
                    "Draw by adjudication: maximal game length (5 moves)",
                ),
                "Draw by adjudication: maximal game length",
            ),
            (
                end(
                    Win(Black),
                    RulesInfraction,
                    "White makes an illegal move: 'e2e5' is illegal",
                ),
                "White makes an illegal move: e2e5",
            ),
            (
                end(
                    Win(White),
                    RulesInfraction,
                    "Black makes a false claim: 0-1 (x); ...",
                ),
                "White wins by adjudication: Invalid result claim",
            ),
            (
                end(
                    Win(White),
                    RulesInfraction,
                    "Black rejects the legal move a1a2 (Illegal)",
                ),
                "Black rejects the legal move a1a2 (Illegal)",
            ),
            (
                end(Win(White), Abandoned, "Black crashed (the engine exited)"),
                "Black disconnects",
            ),
            (
                end(
                    Win(Black),
                    StalledConnection,
                    "White stalls: no move within 60.0 s",
                ),
                "White's connection stalls",
            ),
            (end(Unfinished, Unterminated, "interrupted"), "No result"),
        ] {
            assert_eq!(description(&end), text, "{end:?}");
        }
        let mate = end(Win(White), Normal, "White wins by checkmate");
        assert_eq!(
            finished(3, "A", "B", &mate),
            "Finished game 3 (A vs B): 1-0 {White mates}"
        );
        assert_eq!(started(3, 20, "A", "B"), "Started game 3 of 20 (A vs B)");
        assert_eq!(outcome(&mate, White).as_deref(), Some("Win: White mates"));
        assert_eq!(outcome(&mate, Black).as_deref(), Some("Loss: White mates"));
        let rep = end(Draw, Normal, "Draw by threefold repetition");
        assert_eq!(
            outcome(&rep, Black).as_deref(),
            Some("Draw by 3-fold repetition")
        );
        let counts = |list: &[(&str, u32)]| -> BTreeMap<String, u32> {
            list.iter().map(|&(t, n)| (t.to_string(), n)).collect()
        };
        assert_eq!(
            outcomes(&[
                (
                    "K".into(),
                    counts(&[("Win: Bare king", 2), ("Loss: Black mates", 1)])
                ),
                ("F".into(), counts(&[("Draw by 3-fold repetition", 1)])),
            ]),
            "\nPlayer: K\n   \"Loss: Black mates\": 1\n   \"Win: Bare king\": 2\nPlayer: F\n   \
             \"Draw by 3-fold repetition\": 1\n"
        );
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
            false,
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
            false,
        );
        assert!(
            text.lines().nth(1).unwrap().starts_with("   1 Y "),
            "{text}"
        );
    }
}
