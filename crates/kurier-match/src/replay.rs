//! `kurier match --replay FILE.pgn`: re-checks every game of a PGN file with Kurier's rules —
//! every move legal, no move after the rules ended the game, and the result consistent with the
//! rules (a game the rules ended has exactly their result and a `normal` termination; a game
//! they did not end needs a reason such as a resignation, a forfeit or an adjudication).
//! Moves may be in SAN, LAN or protocol notation ([`super::notation`]), as cutechess-cli,
//! Fairy-Stockfish and this runner write them.

use super::arbiter::Termination;
use super::notation::PgnMoves;
use kurier_rules::game::MoveError;
use kurier_rules::games::Variant;
use kurier_rules::pgn::{self, PgnGame};
use kurier_rules::record::GameRecord;
use kurier_rules::with_game;
use std::io::Write;

fn short(e: &MoveError) -> String {
    match e {
        MoveError::Syntax(t) => format!("'{t}' is not a move"),
        MoveError::Illegal { text, .. } => format!("'{text}' is illegal"),
        MoveError::Ambiguous { text, .. } => format!("'{text}' is ambiguous"),
    }
}

/// Checks one game; `Ok` carries a summary, `Err` the mismatch.
fn check<G: PgnMoves>(game: &PgnGame) -> Result<String, String> {
    let start = match game.tag("FEN") {
        Some(fen) => G::from_fen(fen).map_err(|e| format!("bad FEN tag: {e}"))?,
        None => G::start(),
    };
    let (mut number, mut black) = game.tag("FEN").map_or((1, false), pgn::first_move);
    let mut record = GameRecord::new(start);
    for (i, m) in game.moves.iter().enumerate() {
        let label = format!("{number}{} {}", if black { "..." } else { "." }, m.text);
        if let Some(o) = record.outcome() {
            return Err(format!(
                "the game was over before move {label} ({o}), yet {} more move(s) follow",
                game.moves.len() - i
            ));
        }
        let mv = record
            .current()
            .read_move(&m.text)
            .map_err(|e| format!("move {label}: {}", short(&e)))?;
        record.play(mv);
        if black {
            number += 1;
        }
        black = !black;
    }
    if let Some(count) = game.tag("PlyCount") {
        if count.parse::<usize>().ok() != Some(game.moves.len()) {
            return Err(format!(
                "PlyCount is {count} but the game has {} moves",
                game.moves.len()
            ));
        }
    }
    if let Some(tag) = game.tag("Result") {
        if tag != game.result {
            return Err(format!(
                "the Result tag says {tag} but the moves end with {}",
                game.result
            ));
        }
    }
    let termination = match game.tag("Termination") {
        Some(t) => {
            Some(Termination::from_pgn(t).ok_or_else(|| format!("unknown Termination '{t}'"))?)
        }
        None => None,
    };
    let result = game.result.as_str();
    let reason = game.reason().unwrap_or("");
    match record.outcome() {
        Some(outcome) => {
            if result != outcome.result_str() {
                return Err(format!(
                    "the result is {result}, but the rules give {outcome}"
                ));
            }
            if let Some(t) = termination.filter(|&t| t != Termination::Normal) {
                return Err(format!(
                    "Termination is '{}', but the rules ended the game: {outcome}",
                    t.pgn_name()
                ));
            }
            Ok(format!("{outcome}"))
        }
        None if result == "*" => Ok("* (unfinished)".to_string()),
        None => {
            let decisive = result != "1/2-1/2";
            match termination {
                Some(Termination::Normal) if !reason.to_ascii_lowercase().contains("resign") => {
                    Err(format!(
                        "the result is {result} with a normal termination, but the rules have not \
                         ended the game and no resignation is recorded ({reason})"
                    ))
                }
                Some(
                    t @ (Termination::TimeForfeit
                    | Termination::RulesInfraction
                    | Termination::Abandoned
                    | Termination::StalledConnection),
                ) if !decisive => Err(format!(
                    "a {} cannot end in a draw ({reason})",
                    t.pgn_name()
                )),
                _ => Ok(format!("{result} {{{reason}}}")),
            }
        }
    }
}

/// Why a PGN could not be checked (a mismatch is no error: it is reported and counted).
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The text is not PGN.
    #[error(transparent)]
    Pgn(#[from] pgn::PgnError),
    /// The report could not be written.
    #[error("{0}")]
    Output(#[from] std::io::Error),
    /// Any of these, in a named file.
    #[error("{path}: {error}")]
    In {
        /// The file.
        path: std::path::PathBuf,
        /// What went wrong.
        error: Box<ReplayError>,
    },
}

/// Checks every game of `text`; writes one line per game and a summary. Returns the number of
/// games and of mismatches.
pub fn replay_text(
    text: &str,
    variant: Option<Variant>,
    out: &mut impl Write,
) -> Result<(usize, usize), ReplayError> {
    let games = pgn::parse(text)?;
    let mut mismatches = 0;
    for (n, game) in games.iter().enumerate() {
        let label = format!(
            "game {} (line {}, {} - {})",
            n + 1,
            game.line,
            game.tag("White").unwrap_or("?"),
            game.tag("Black").unwrap_or("?")
        );
        let checked = match (game.tag("Variant"), variant) {
            (Some(tag), Some(v)) if !tag.eq_ignore_ascii_case(v.name()) => {
                Err(format!("Variant tag '{tag}', but --variant {v} was given"))
            }
            (Some(tag), _) => match tag.parse::<Variant>() {
                Ok(v) => with_game!(v, G => check::<G>(game)),
                Err(e) => Err(e.to_string()),
            },
            (None, Some(v)) => with_game!(v, G => check::<G>(game)),
            (None, None) => Err("no Variant tag; name the game with --variant".to_string()),
        };
        match checked {
            Ok(summary) => writeln!(out, "{label}: ok: {summary}")?,
            Err(why) => {
                mismatches += 1;
                writeln!(out, "{label}: MISMATCH: {why}")?;
            }
        }
    }
    writeln!(
        out,
        "{} games checked, {mismatches} mismatch{}",
        games.len(),
        if mismatches == 1 { "" } else { "es" }
    )?;
    Ok((games.len(), mismatches))
}

/// Reads and checks a PGN file; true when every game agrees with the rules.
pub fn replay_file(
    path: &std::path::Path,
    variant: Option<Variant>,
    out: &mut impl Write,
) -> Result<bool, ReplayError> {
    // A PGN of 100,000 games is about 200 MB.
    let text = kurier_wire::input_file::read_to_string_capped(path, 1 << 30).map_err(|source| {
        ReplayError::Read {
            path: path.to_path_buf(),
            source,
        }
    })?;
    let (_, mismatches) = replay_text(&text, variant, out).map_err(|e| ReplayError::In {
        path: path.to_path_buf(),
        error: Box::new(e),
    })?;
    Ok(mismatches == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> (usize, String) {
        let mut out = Vec::new();
        let (_, bad) = replay_text(text, None, &mut out).unwrap();
        (bad, String::from_utf8(out).unwrap())
    }

    #[test]
    fn finds_every_kind_of_mismatch() {
        // Schachdame: White mates with Ba3-b2.
        let open = "[Variant \"schachdame\"]\n";
        let mate = "[Variant \"schachdame\"]\n[FEN \"8/8/8/8/8/B1K5/8/k7 w - - 0 1\"]\n";
        let (bad, out) = run(&format!(
            "{mate}\n1. a3b2 {{White wins by checkmate}} 1-0\n"
        ));
        assert_eq!(bad, 0, "{out}");
        assert!(out.contains("ok: 1-0 {White wins by checkmate}"), "{out}");
        for (text, wanted) in [
            (format!("{mate}\n1. a3b2 0-1\n"), "the rules give"),
            (
                format!("{mate}\n1. a3b2 a1a2 1-0\n"),
                "was over before move 1... a1a2",
            ),
            (format!("{mate}\n1. a3a4 1-0\n"), "move 1. a3a4"),
            (
                format!("{mate}[Termination \"time forfeit\"]\n\n1. a3b2 1-0\n"),
                "Termination",
            ),
            (
                format!("{open}[Termination \"normal\"]\n\n1. b2a3 1-0\n"),
                "no resignation",
            ),
            (
                format!("{open}[Termination \"time forfeit\"]\n\n1. b2a3 1/2-1/2\n"),
                "draw",
            ),
            (
                format!("{open}[Result \"0-1\"]\n\n1. b2a3 1-0\n"),
                "Result tag",
            ),
            (
                format!("{open}[PlyCount \"2\"]\n\n1. b2a3 1-0\n"),
                "PlyCount",
            ),
            ("1. b2a3 *\n".to_string(), "--variant"),
            (
                "[Variant \"go\"]\n\n1. b2a3 *\n".to_string(),
                "unknown variant",
            ),
        ] {
            let (bad, out) = run(&text);
            assert_eq!(bad, 1, "{text}\n{out}");
            assert!(out.contains(wanted), "{wanted}: {out}");
        }
        let (bad, out) = run(&format!(
            "{open}[Termination \"normal\"]\n\n1. b2a3 {{0.1s}} {{White resigns}} 0-1\n"
        ));
        assert_eq!(bad, 0, "{out}");
    }

    #[test]
    fn dual_checkers_legs_replay() {
        // docs/rules.md D5: 1.f3-e4 d6-e5 2.e4:e5 f6:d4:d3.
        let text = "[Variant \"dualcheckers\"]\n\n1. f3e4 d6e5 2. e4e5 f6e5,e5d4,d4d3 *\n";
        let (bad, out) = run(text);
        assert_eq!(bad, 0, "{out}");
    }
}
