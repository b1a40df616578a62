//! Scripted protocol sessions (no search yet): UCI and XBoard set up positions, check moves,
//! answer every error on the wire and keep running.

use kurier_engine::options::Options;

fn session(input: &str) -> String {
    let (output, memory) = kurier_engine::protocol::Output::memory();
    kurier_engine::protocol::run(input.as_bytes(), output, &Options::default()).unwrap();
    memory.text()
}

#[test]
fn uci_handshake_and_perft() {
    let out = session(
        "uci\nsetoption name UCI_Variant value schachdame\nisready\nucinewgame\n\
         position startpos moves b2a3 a7b6\ngo perft 2\n",
    );
    assert!(out
        .contains("option name UCI_Variant type combo default courier var courier var schachdame"));
    assert!(out.contains("uciok\n"));
    assert!(out.contains("readyok\n"));
    assert!(out.contains("\nNodes searched: "), "{out}");
}

#[test]
fn uci_errors_are_answered_and_the_session_goes_on() {
    let out = session(
        "uci\nsetoption name UCI_Variant value schachdame\nposition fen 8/8/8 w\nposition startpos moves e1e3\nsetoption name UCI_Variant value chess\n\
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
    // `setup` comes before the pong that follows `variant`; the bishop on XBoard's cardinal
    // slot (no material draw of king and bishop against king in XBoard, docs/rules.md S8).
    let setup = out
        .find("setup (P............B........Kp............b........k) 8x8+0_fairy")
        .unwrap();
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
    // docs/rules.md C6: the stalemated side loses (XBoard itself would call it a draw).
    assert!(out.contains("1-0 {White wins by stalemate}"), "{out}");
    assert!(out.ends_with("pong 3\n"), "{out}");
}

#[test]
fn dualcheckers_on_both_protocols() {
    // UCI: the seed's first line in protocol notation (docs/rules.md D5, docs/design.md move text), and
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

/// The move after `bestmove` or `move` in `out`.
fn answer<'a>(out: &'a str, prefix: &str) -> Option<&'a str> {
    out.lines()
        .find_map(|l| l.strip_prefix(prefix))
        .and_then(|rest| rest.split_whitespace().next())
}

#[test]
fn uci_go_searches_and_answers_for_every_game() {
    for (variant, moves) in [
        ("schachdame", "b2a3 a7b6"),
        ("courier", "i2i3 k7k6"),
        ("dualcheckers", "f3e4 d6e5"),
    ] {
        let out = session(&format!(
            "uci\nsetoption name UCI_Variant value {variant}\nucinewgame\nisready\n\
             position startpos moves {moves}\ngo depth 5\n"
        ));
        assert!(out.contains("info depth 5 "), "{variant}: {out}");
        let best = answer(&out, "bestmove ").unwrap_or_else(|| panic!("{variant}: {out}"));
        // The answer is legal: playing it is accepted.
        let check = session(&format!(
            "uci\nsetoption name UCI_Variant value {variant}\nposition startpos moves {moves} {best}\nd\n"
        ));
        assert!(
            !check.contains("info string error"),
            "{variant}: {best}: {check}"
        );
    }
}

#[test]
fn uci_clock_infinite_stop_and_mate() {
    // A mate in one (docs/rules.md S8's example, one move before it) found on a clock.
    let out = session(
        "uci\nsetoption name UCI_Variant value schachdame\nposition fen 8/8/8/8/8/B1K5/8/k7 w - - 0 1\n\
         go wtime 1000 btime 1000 winc 10 binc 10\n",
    );
    assert_eq!(answer(&out, "bestmove "), Some("a3b2"), "{out}");
    assert!(out.contains("score mate 1"), "{out}");
    // go infinite runs until stop, then answers once.
    let out = session(
        "uci\nsetoption name UCI_Variant value courier\nposition startpos\ngo infinite\nisready\nstop\nisready\n",
    );
    assert_eq!(out.matches("bestmove ").count(), 1, "{out}");
    assert!(out.contains("readyok"));
    // Options: bad values are answered, good ones taken.
    let out = session("uci\nsetoption name Hash value 0\nsetoption name Threads value 2\nsetoption name Hash value 8\nisready\n");
    assert_eq!(out.matches("info string error").count(), 1, "{out}");
    assert!(out.contains("option name Hash type spin"));
}

#[test]
fn xboard_engine_plays_its_side_and_claims_results() {
    // After `new` the engine plays Black: a user move makes it answer.
    let out = session("xboard\nprotover 2\nnew\nvariant schachdame\nsd 4\nusermove b2a3\n");
    let mv = answer(&out, "move ").unwrap_or_else(|| panic!("{out}"));
    assert!(mv.len() >= 4, "{out}");
    // `go` in a mate-in-one position: the engine mates and claims the win.
    let out = session(
        "xboard\nprotover 2\nvariant schachdame\nforce\nsetboard 8/8/8/8/8/B1K5/8/k7 w - - 0 1\n\
         time 1000\notim 1000\nlevel 0 1 0.01\ngo\n",
    );
    assert_eq!(answer(&out, "move "), Some("a3b2"), "{out}");
    assert!(out.contains("1-0 {White wins by checkmate}"), "{out}");
    // Courier: stalemate wins for the side that stalemates (docs/rules.md C6), claimed as such.
    let out = session(
        "xboard\nprotover 2\nvariant courier\nforce\nsetboard k11/3K8/12/2E9/7p4/7P4/12/12 w 0 1\nsd 3\ngo\n",
    );
    assert!(out.contains("1-0 {White wins by stalemate}"), "{out}");
}

#[test]
fn xboard_force_cancels_and_analyze_reports() {
    let out =
        session("xboard\nprotover 2\nnew\nvariant courier\nst 10\nusermove i2i3\nforce\nping 7\n");
    // The search started by the user move was cancelled by force: no move after it.
    assert!(!out.contains("\nmove "), "{out}");
    assert!(out.ends_with("pong 7\n"), "{out}");
    let out = session(
        "xboard\nprotover 2\nvariant dualcheckers\npost\nanalyze\nusermove f3e4\nexit\nping 8\n",
    );
    assert!(out.ends_with("pong 8\n"), "{out}");
}

#[test]
fn bad_bytes_and_huge_lines_are_errors_not_the_end() {
    let mut input = b"uci\nposition startpos moves \xff\xfe\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 3 << 20));
    input.extend(b"\nisready\n");
    let (output, memory) = kurier_engine::protocol::Output::memory();
    kurier_engine::protocol::run(&input[..], output, &Options::default()).unwrap();
    let out = memory.text();
    assert_eq!(
        out.matches("info string error").count(),
        2,
        "{}",
        &out[..out.len().min(500)]
    );
    assert!(out.ends_with("readyok\n"));
}

#[test]
fn variant_report_courier_start_and_plain_chess_warning() {
    let out = session("uci\nsetoption name UCI_Variant value courier\nisready\n");
    assert!(
        out.contains("info string variant courier startpos rnebmk1wbenr/1ppppp1pppp1/6f5/"),
        "{out}"
    );
    // CourierStart array: startpos is the pre-ceremony array (the XBoard GUI's start).
    let out = session(
        "uci\nsetoption name CourierStart value array\nsetoption name UCI_Variant value courier\n\
         position startpos moves f2f3\nd\n",
    );
    assert!(
        out.contains(
            "info string fen rnebmkfwbenr/pppppppppppp/12/12/12/5P6/PPPPP1PPPPPP/RNEBMKFWBENR b"
        ),
        "{out}"
    );
    // XBoard: `new` without `variant` means plain chess: the user is told once (and the
    // engine plays its game, Courier by default).
    let out = session("xboard\nprotover 2\nnew\nsd 2\nusermove i2i3\n");
    assert_eq!(
        out.matches("tellusererror Kurier does not play normal chess")
            .count(),
        1,
        "{out}"
    );
    let out = session("xboard\nprotover 2\nnew\nvariant schachdame\nsd 2\nusermove b2a3\n");
    assert!(!out.contains("tellusererror"), "{out}");
}

#[test]
fn xboard_relayed_dual_setup_fen_is_accepted() {
    // XBoard hands the first engine's `setup` FEN to the second engine with `- -` added.
    let out = session(
        "xboard\nprotover 2\nnew\nvariant dualcheckers\nforce\n\
         setboard 1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/1M1M1M1M/M1M1M1M1/1M1M1M1M w - - 0 1\nusermove f3e4\nping 1\n",
    );
    assert!(!out.contains("tellusererror"), "{out}");
    assert!(!out.contains("Illegal move"), "{out}");
    assert!(out.ends_with("pong 1\n"));
}
