//! The game at the terminal as text: its move list (`moves`), numbered as PGN numbers moves, and
//! the game as PGN (`pgn FILE`), written by the rules crate's PGN writer
//! ([`kurier_rules::pgn`]). The moves are in the game's notation for people, which the PGN
//! readers of `kurier match` and `kurier serve` read back: SAN for Courier chess and Schachdame,
//! the checkers notation of docs/rules.md D11 for Dual checkers.

use kurier_rules::games::Variant;
use kurier_rules::pgn::{first_move, PgnGame, PgnMove};
use kurier_wire::TimeControl;
use std::fmt::Write as _;

/// A move of the game as it is saved: its text and Kurier's comment (score, depth and time).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedMove {
    /// The move in the game's notation (`Nc3`, `f6:d4:d3`).
    pub text: String,
    /// Kurier's comment on its own move (`+0.35/9 1.2s`).
    pub comment: Option<String>,
}

/// How the game stands, for the PGN's tags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Still being played: result `*`.
    Going,
    /// Ended by the rules: its PGN result (`1-0`) and the reason in words.
    Ended(String, String),
    /// Ended on time: its PGN result and the words.
    OnTime(String, String),
}

/// What a saved game records besides its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The game.
    pub variant: Variant,
    /// The start position's FEN.
    pub start_fen: String,
    /// True when the game started from the variant's start position (no `SetUp`/`FEN` tags).
    pub standard_start: bool,
    /// The White player's name.
    pub white: String,
    /// The Black player's name.
    pub black: String,
    /// How the game stands.
    pub standing: Standing,
    /// The clock both sides play on, if any (the `TimeControl` tag; `-` without).
    pub time_control: Option<TimeControl>,
    /// The date, `YYYY.MM.DD`.
    pub date: String,
}

/// Today's date where the person is (the local date), as PGN writes it: `2024.05.17`.
pub fn today() -> String {
    chrono::Local::now().format("%Y.%m.%d").to_string()
}

/// The game as PGN: the seven-tag roster (`Event`, `Site`, `Date`, `Round`, `White`, `Black`,
/// `Result`), `Variant`, `SetUp` and `FEN` when the game did not start from the variant's start
/// position, `TimeControl`, `Termination` and `PlyCount`; the moves with Kurier's comments, and
/// the result's reason in a last comment.
pub fn game(info: &GameInfo, moves: &[SavedMove]) -> PgnGame {
    let (result, reason, termination) = match &info.standing {
        Standing::Going => ("*".to_string(), None, "unterminated"),
        Standing::Ended(r, why) => (r.clone(), Some(why.clone()), "normal"),
        Standing::OnTime(r, why) => (r.clone(), Some(why.clone()), "time forfeit"),
    };
    let tag = |name: &str, value: &str| (name.to_string(), value.to_string());
    let mut tags = vec![
        tag("Event", "Kurier play"),
        tag("Site", "?"),
        tag("Date", &info.date),
        tag("Round", "-"),
        tag("White", &info.white),
        tag("Black", &info.black),
        tag("Result", &result),
        tag("Variant", info.variant.name()),
    ];
    if !info.standard_start {
        tags.push(tag("SetUp", "1"));
        tags.push(tag("FEN", &info.start_fen));
    }
    let tc = info
        .time_control
        .map_or("-".to_string(), |tc| tc.to_string());
    tags.push(tag("TimeControl", &tc));
    tags.push(tag("Termination", termination));
    tags.push(tag("PlyCount", &moves.len().to_string()));
    PgnGame {
        tags,
        moves: moves
            .iter()
            .map(|m| PgnMove {
                text: m.text.clone(),
                comments: m.comment.iter().cloned().collect(),
            })
            .collect(),
        result,
        result_comment: reason,
        line: 1,
    }
}

/// The moves from `start_fen`, numbered as in PGN, a move number and its two moves a line
/// (`  1. i3     i6`, `  1. ...    e6` when Black moved first); `(none yet)` without moves.
pub fn move_list(start_fen: &str, moves: &[&str]) -> String {
    if moves.is_empty() {
        return "  (none yet)".to_string();
    }
    let (mut number, black_first) = first_move(start_fen);
    let width = moves.iter().map(|m| m.chars().count()).max().unwrap_or(0) + 2;
    let mut rows: Vec<(u32, Vec<&str>)> = Vec::new();
    let mut rest = moves;
    if black_first {
        rows.push((number, vec!["...", moves[0]]));
        rest = &moves[1..];
        number += 1;
    }
    for pair in rest.chunks(2) {
        rows.push((number, pair.to_vec()));
        number += 1;
    }
    let label = rows.last().map_or(1, |(n, _)| n.to_string().len() + 1);
    let mut out = String::new();
    for (n, pair) in rows {
        let _ = write!(out, "  {:>label$} ", format!("{n}."));
        match pair.as_slice() {
            [one] => out.push_str(one),
            [white, black] => {
                let _ = write!(out, "{white:<width$}{black}");
            }
            _ => {}
        }
        out.push('\n');
    }
    out.pop();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurier_rules::pgn::parse;

    const COURIER_START: &str =
        "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1";

    #[test]
    fn move_lists_are_numbered_from_the_start_position() {
        assert_eq!(move_list(COURIER_START, &[]), "  (none yet)");
        assert_eq!(
            move_list(COURIER_START, &["i3", "i6", "Nc3"]),
            "  1. i3   i6\n  2. Nc3"
        );
        // Black moved first, from move 2 (the FEN's last field).
        let fen = "1m1m1m1m/m1m1m1m1/1m3m1m/4M3/8/1M1M3M/M1M1M1M1/1M1M1M1M b 0 2";
        assert_eq!(
            move_list(fen, &["f6:d4:d3", "c2:e4"]),
            "  2. ...       f6:d4:d3\n  3. c2:e4"
        );
        // The numbers are aligned once they reach two digits.
        let many: Vec<&str> = std::iter::repeat_n("a3", 20).collect();
        let list = move_list(COURIER_START, &many);
        assert!(list.starts_with("   1. a3  a3\n"), "{list}");
        assert!(list.ends_with("  10. a3  a3"), "{list}");
    }

    fn info(standing: Standing, standard_start: bool) -> GameInfo {
        GameInfo {
            variant: Variant::Courier,
            start_fen: COURIER_START.to_string(),
            standard_start,
            white: "Human".to_string(),
            black: "Kurier".to_string(),
            standing,
            time_control: Some("300+2".parse().unwrap()),
            date: "2024.05.17".to_string(),
        }
    }

    #[test]
    fn a_saved_game_has_the_tags_and_reads_back() {
        let moves = [
            SavedMove {
                text: "i3".to_string(),
                comment: None,
            },
            SavedMove {
                text: "i6".to_string(),
                comment: Some("+0.12/5 0.3s".to_string()),
            },
        ];
        let text = game(&info(Standing::Going, true), &moves).write();
        let read = parse(&text).unwrap();
        assert_eq!(read.len(), 1);
        let g = &read[0];
        for (tag, value) in [
            ("Event", "Kurier play"),
            ("Site", "?"),
            ("Date", "2024.05.17"),
            ("Round", "-"),
            ("White", "Human"),
            ("Black", "Kurier"),
            ("Result", "*"),
            ("Variant", "courier"),
            ("TimeControl", "300+2"),
            ("Termination", "unterminated"),
            ("PlyCount", "2"),
        ] {
            assert_eq!(g.tag(tag), Some(value), "{tag} in\n{text}");
        }
        assert_eq!((g.tag("SetUp"), g.tag("FEN")), (None, None), "{text}");
        let texts: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["i3", "i6"]);
        assert_eq!(g.moves[1].comments, ["+0.12/5 0.3s"]);
        assert_eq!(g.result, "*");

        let ended = Standing::OnTime("1-0".into(), "White wins on time".into());
        let text = game(&info(ended, false), &moves).write();
        let g = &parse(&text).unwrap()[0];
        assert_eq!(g.tag("Result"), Some("1-0"));
        assert_eq!(g.result, "1-0");
        assert_eq!(g.tag("Termination"), Some("time forfeit"));
        assert_eq!(g.tag("SetUp"), Some("1"));
        assert_eq!(g.tag("FEN"), Some(COURIER_START));
        assert_eq!(g.reason(), Some("White wins on time"));
    }

    #[test]
    fn today_is_a_pgn_date() {
        let d = today();
        let parts: Vec<&str> = d.split('.').collect();
        assert_eq!(parts.iter().map(|p| p.len()).collect::<Vec<_>>(), [4, 2, 2]);
        assert!(d.chars().all(|c| c.is_ascii_digit() || c == '.'), "{d}");
        assert!(d.as_str() >= "2024.01.01", "{d}");
    }
}
