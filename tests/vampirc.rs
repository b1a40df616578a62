//! Pins the behaviour of the `vampirc-uci` crate on the inputs docs/protocols.md warns about, and
//! shows that Kurier's own UCI reader handles each of them. If an upgrade of the crate changes
//! any of this, these tests say so before a GUI does.

use kurier_wire::uci::{UciCommand, UciError};
use std::panic::catch_unwind;
use vampirc_uci::{parse_one, UciMessage, UciOptionConfig, UciSearchControl};

#[test]
fn the_crate_drops_twelve_file_moves() {
    match parse_one("position startpos moves i2i3 l1l2") {
        UciMessage::Position {
            startpos, moves, ..
        } => {
            assert!(startpos);
            assert!(
                moves.is_empty(),
                "vampirc-uci now keeps 12-file moves: {moves:?}"
            );
        }
        other => panic!("vampirc-uci read it as {other:?}"),
    }
    // Kurier keeps every move.
    assert_eq!(
        "position startpos moves i2i3 l1l2".parse(),
        Ok(UciCommand::Position {
            fen: None,
            moves: ["i2i3", "l1l2"].map(String::from).to_vec()
        })
    );
}

#[test]
fn the_crate_drops_go_perft() {
    match parse_one("go depth 5 perft 3") {
        UciMessage::Go {
            search_control: Some(UciSearchControl { depth, .. }),
            ..
        } => assert_eq!(depth, Some(5)),
        other => panic!("vampirc-uci read it as {other:?}"),
    }
    assert_eq!("go perft 3".parse(), Ok(UciCommand::Perft(3)));
}

#[test]
fn the_crate_panics_on_deep_go_and_a_trailing_space() {
    for line in ["go depth 256", "go depth 300", "go "] {
        let result = catch_unwind(|| parse_one(line));
        assert!(result.is_err(), "vampirc-uci no longer panics on '{line}'");
        // Kurier reads them without a panic.
        assert!(matches!(line.parse(), Ok(UciCommand::Go(_))), "{line}");
    }
}

#[test]
fn the_crate_reads_the_single_word_commands_kurier_gives_it() {
    for (word, expected) in [
        ("uci", UciMessage::Uci),
        ("isready", UciMessage::IsReady),
        ("ucinewgame", UciMessage::UciNewGame),
        ("stop", UciMessage::Stop),
        ("ponderhit", UciMessage::PonderHit),
        ("quit", UciMessage::Quit),
    ] {
        assert_eq!(parse_one(word), expected, "{word}");
    }
    assert_eq!("  isready  ".parse(), Ok(UciCommand::IsReady));
    assert_eq!("stop".parse(), Ok(UciCommand::Stop));
    assert_eq!("".parse::<UciCommand>(), Err(UciError::Empty));
    // A keyword with trailing words is not guessed at.
    assert!(matches!(
        "isready now".parse::<UciCommand>(),
        Err(UciError::Unknown(_))
    ));
}

#[test]
fn the_crate_writes_the_messages_kurier_sends() {
    assert_eq!(
        UciMessage::id_name("Kurier 0.1.0").to_string(),
        "id name Kurier 0.1.0"
    );
    assert_eq!(UciMessage::UciOk.to_string(), "uciok");
    assert_eq!(UciMessage::ReadyOk.to_string(), "readyok");
    assert_eq!(
        UciMessage::info_string("error: x".to_string()).to_string(),
        "info string error: x"
    );
    let spin = UciOptionConfig::Spin {
        name: "Move Overhead".to_string(),
        default: Some(30),
        min: Some(0),
        max: Some(5000),
    };
    assert_eq!(
        UciMessage::Option(spin).to_string(),
        "option name Move Overhead type spin default 30 min 0 max 5000"
    );
    let combo = UciOptionConfig::Combo {
        name: "UCI_Variant".to_string(),
        default: Some("courier".to_string()),
        var: vec!["courier".to_string(), "schachdame".to_string()],
    };
    assert_eq!(
        UciMessage::Option(combo).to_string(),
        "option name UCI_Variant type combo default courier var courier var schachdame"
    );
    let check = UciOptionConfig::Check {
        name: "Ponder".to_string(),
        default: Some(false),
    };
    assert_eq!(
        UciMessage::Option(check).to_string(),
        "option name Ponder type check default false"
    );
}
