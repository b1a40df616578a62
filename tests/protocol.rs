//! Scripted protocol sessions (no search yet): UCI and XBoard set up positions, check moves,
//! answer every error on the wire and keep running.

use kurier::config::Config;

fn session(input: &str) -> String {
    let mut out = Vec::new();
    kurier::protocol::run(input.as_bytes(), &mut out, &Config::default()).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn uci_handshake_and_perft() {
    let out = session(
        "uci\nsetoption name UCI_Variant value schachdame\nisready\nucinewgame\n\
         position startpos moves b2a3 a7b6\ngo perft 2\nquit\n",
    );
    assert!(out.contains(
        "option name UCI_Variant type combo default schachdame var courier var schachdame"
    ));
    assert!(out.contains("uciok\n"));
    assert!(out.contains("readyok\n"));
    assert!(out.contains("\nNodes searched: "), "{out}");
}

#[test]
fn uci_errors_are_answered_and_the_session_goes_on() {
    let out = session(
        "uci\nposition fen 8/8/8 w\nposition startpos moves e1e3\nsetoption name UCI_Variant value chess\n\
         frobnicate\ngo perft x\nposition startpos moves b2a3\nd\nisready\n",
    );
    let errors = out.matches("info string error:").count();
    assert_eq!(errors, 5, "{out}");
    assert!(out.contains("is illegal; legal moves:"), "{out}");
    // The illegal line did not change the position; the later good one did.
    assert!(
        out.contains("info string fen 1p1k1b1p/p1p1p1p1/8/8/8/P7/3P1P1P/P1B1K1P1 b - - 0 1"),
        "{out}"
    );
    assert!(out.ends_with("readyok\n"));
}

#[test]
fn xboard_handshake_variant_and_moves() {
    let out = session(
        "xboard\nprotover 2\nvariant schachdame\nping 1\nnew\nforce\nusermove b2a3\nb7b8\nping 2\nquit\n",
    );
    let feature = out
        .lines()
        .find(|l| l.starts_with("feature ping=1"))
        .unwrap();
    assert!(
        // The contract's order: courier, schachdame, then dualcheckers when built in.
        feature.contains("variants=\"courier,schachdame"),
        "{feature}"
    );
    assert!(out.contains("feature done=1\n"));
    // `setup` comes before the pong that follows `variant`.
    let setup = out.find("setup (P.B").unwrap();
    assert!(setup < out.find("pong 1").unwrap());
    assert!(out.contains("piece P& fmFfcF\n"));
    assert!(out.contains("Illegal move ("), "{out}");
    assert!(out.ends_with("pong 2\n"), "{out}");
}

#[test]
fn xboard_reports_the_end_of_the_game() {
    let out = session(
        "xboard\nprotover 2\nvariant schachdame\nsetboard 8/8/8/8/8/B1K5/8/k7 w - - 0 1\nusermove a3b2\n\
         setboard 8/8/8 w\nping 3\n",
    );
    assert!(out.contains("1-0 {White wins by checkmate}"), "{out}");
    assert!(out.contains("tellusererror Illegal position"), "{out}");
    assert!(out.ends_with("pong 3\n"));
}

#[test]
fn first_line_must_name_a_protocol() {
    let out = session("hello\nuci\nquit\n");
    assert!(out.starts_with("Error (expected 'uci' or 'xboard' first): hello\n"));
    assert!(out.contains("uciok"));
}

#[test]
fn uci_courier_startpos_is_the_ceremony_start() {
    let out = session(
        "uci\nsetoption name UCI_Variant value courier\nposition startpos moves i2i3 k7k6\nd\n\
         go perft 2\nposition fen 4k6r/2P9/12/12/12/12/12/4K7 w 0 1 moves c7c8f\nd\nquit\n",
    );
    assert!(
        out.contains(
            "info string fen rnebmk1wbenr/1ppppp1ppp2/6f3p1/p5p4p/P5P4P/6F1P3/1PPPPP1P1PP1/RNEBMK1WBENR w - - 0 2"
        ),
        "{out}"
    );
    assert!(out.contains("\nNodes searched: "), "{out}");
    assert!(
        out.contains("info string fen 2F1k6r/12/12/12/12/12/12/4K7 b - - 0 1"),
        "{out}"
    );
}

#[test]
fn xboard_courier_sends_no_setup_and_accepts_four_field_fens() {
    let out = session(
        "xboard\nprotover 2\nvariant courier\nping 1\n\
         setboard rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w 0 1\n\
         usermove i2i3\nusermove k7k6\nping 2\n\
         setboard k11/p11/P1K9/12/12/12/12/12 w - - 0 1\nusermove c6c7\nping 3\nquit\n",
    );
    assert!(!out.contains("setup"), "{out}");
    assert!(!out.contains("piece "), "{out}");
    assert!(!out.contains("Illegal"), "{out}");
    assert!(!out.contains("Error"), "{out}");
    assert!(
        out.contains("pong 1\n") && out.contains("pong 2\n"),
        "{out}"
    );
    // RULES.md C6: the stalemated side loses (XBoard itself would call it a draw).
    assert!(out.contains("1-0 {White wins by stalemate}"), "{out}");
    assert!(out.ends_with("pong 3\n"), "{out}");
}

#[test]
fn dualcheckers_on_both_protocols() {
    // UCI: the seed's first line in protocol notation (RULES.md D5, DESIGN.md move text), and
    // the same capture in the people's notation.
    let out = session(
        "uci\nsetoption name UCI_Variant value dualcheckers\n\
         position startpos moves f3e4 d6e5 e4e5 f6e5,e5d4,d4d3\nd\ngo perft 1\n\
         position startpos moves f3-e4 d6-e5 e4:e5 f6:d4:d3\nd\nquit\n",
    );
    assert!(out.contains("var dualcheckers"), "{out}");
    let fen = "info string fen 1m1m1m1m/m1m1m1m1/1m5m/8/8/1M1m3M/M1M1M1M1/1M1M1M1M w 0 3";
    assert_eq!(out.matches(fen).count(), 2, "{out}");
    assert!(
        out.contains("c2d3,d3e4: 1\n") && out.contains("e2d3,d3c4: 1\n"),
        "{out}"
    );
    assert!(out.contains("Nodes searched: 2\n"), "{out}");
    // XBoard: the setup line names the men M and the kings K.
    let out = session("xboard\nprotover 2\nvariant dualcheckers\nping 1\nusermove f3e4\nquit\n");
    assert!(out.contains("dualcheckers"), "{out}");
    assert!(
        out.contains("setup (..........M..........K..........m..........k) 8x8+0_fairy 1m1m1m1m/"),
        "{out}"
    );
    assert!(!out.contains("Illegal"), "{out}");
}
