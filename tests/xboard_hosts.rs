//! One engine, two XBoard hosts (issue 52, item 1): the XBoard GUI 4.9.1 and cutechess-cli
//! 1.5.1 send different things and play Courier from different starts, and Kurier follows each.
//! The transcripts are what each host really sends (XBoard's debug log; cutechess's
//! `xboardengine.cpp`), cut to what matters; docs/rules.md C3, C6, C7.

use kurier_engine::options::Options;
use kurier_engine::protocol::session::AnyRecord;
use kurier_rules::games::courier::{PRE_CEREMONY_FEN, START_FEN};
use kurier_rules::games::Variant;

fn session(input: &str) -> String {
    let (output, memory) = kurier_engine::protocol::Output::memory();
    kurier_engine::protocol::run(input.as_bytes(), output, &Options::default()).unwrap();
    memory.text()
}

/// XBoard 4.9.1 starting a game against a human (its debug log), then the human's first move.
const XBOARD_GUI_START: &str = "xboard\nprotover 2\naccepted ping\naccepted done\nmemory 68\n\
    cores 1\nnew\nrandom\nvariant courier\nlevel 40 5 0\npost\nhard\nping 1\n";

/// cutechess-cli 1.5.1 starting a game (`XboardEngine::startGame`), default start.
const CUTECHESS_START: &str = "xboard\nprotover 2\naccepted ping\naccepted done\nnew\n\
    variant courier\nforce\nlevel 0 0:05 0.1\npost\neasy\ncomputer\nname Other\nping 1\n";

/// The engine's moves in `out`.
fn engine_moves(out: &str) -> Vec<&str> {
    out.lines()
        .filter_map(|l| l.strip_prefix("move "))
        .collect()
}

/// Plays `moves` from `fen`; panics on an illegal one.
fn replay(fen: &str, moves: &[&str]) -> AnyRecord {
    let mut record = AnyRecord::from_fen(Variant::Courier, fen).unwrap();
    for mv in moves {
        record
            .play_text(mv)
            .unwrap_or_else(|e| panic!("{mv} from {fen}: {e}"));
    }
    record
}

#[test]
fn the_xboard_gui_gets_its_own_courier_start() {
    // a2a3 exists only in the array (the ceremony start has the pawn on a4).
    let out = session(&format!(
        "{XBOARD_GUI_START}name root\ntime 500\notim 500\nusermove a2a3\n"
    ));
    assert!(out.contains("pong 1"), "{out}");
    assert!(!out.contains("Illegal move"), "{out}");
    let reply = engine_moves(&out);
    assert_eq!(reply.len(), 1, "{out}");
    replay(PRE_CEREMONY_FEN, &["a2a3", reply[0]]);
}

#[test]
fn cutechess_gets_the_ceremony_start_by_xboard_and_uci() {
    // g3f4 exists only after the ceremony (the fers stood on f1 before it).
    let out = session(&format!(
        "{CUTECHESS_START}usermove g3f4\ntime 500\notim 500\ngo\n"
    ));
    assert!(!out.contains("Illegal move"), "{out}");
    let reply = engine_moves(&out);
    assert_eq!(reply.len(), 1, "{out}");
    replay(START_FEN, &["g3f4", reply[0]]);
    // The same under the XBoard GUI is refused: its start has no pawn on a4.
    let out = session(&format!("{XBOARD_GUI_START}force\nusermove g3f4\n"));
    assert!(out.contains("Illegal move"), "{out}");
    // UCI (cutechess's `position startpos` for its own start): the ceremony start.
    let out = session(
        "uci\nsetoption name UCI_Variant value courier\nucinewgame\nisready\n\
         position startpos moves g3f4\nd\n",
    );
    let fen = replay(START_FEN, &["g3f4"]).fen();
    assert!(out.contains(&format!("info string fen {fen}")), "{out}");
}

#[test]
fn courier_start_option_overrides_the_host() {
    let out = session(
        "xboard\nprotover 2\noption CourierStart=ceremony\nmemory 68\nnew\nrandom\n\
         variant courier\nforce\nusermove g3f4\nusermove a2a3\n",
    );
    // Ceremony asked for: g3f4 is legal, a2a3 is not (a2 is empty after the ceremony).
    let illegal: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("Illegal move"))
        .collect();
    assert_eq!(illegal.len(), 1, "{out}");
    assert!(illegal[0].ends_with("a2a3"), "{out}");
}

/// White to move can take Black's last piece with a rook and keep two: Black is then bare and
/// has lost (docs/rules.md C7), though not mated. XBoard cannot see that win and tests claims
/// between engines.
const BARING: &str = "k11/12/12/4n7/12/12/12/3RR1K5 w - - 0 1";

#[test]
fn a_bare_king_win_is_claimed_by_the_loser_under_the_xboard_gui() {
    // Kurier White in TwoMachines (`computer`): it bares Black and leaves the claim to Black.
    let two_machines = format!(
        "{XBOARD_GUI_START}force\ncomputer\nname Kurier\nsetboard {BARING}\nsd 4\n\
         time 1000\notim 1000\ngo\n"
    );
    let out = session(&two_machines);
    assert_eq!(engine_moves(&out), ["e1e5"], "{out}");
    assert!(
        !out.contains("1-0"),
        "a win XBoard cannot see is not claimed: {out}"
    );
    // Kurier Black in TwoMachines: it claims its own loss, which XBoard always accepts.
    let loser = format!(
        "{XBOARD_GUI_START}force\ncomputer\nname Kurier\nsetboard {BARING}\nusermove e1e5\n"
    );
    let out = session(&loser);
    assert!(out.contains("1-0 {"), "{out}");
    // Against a human (no `computer`) XBoard tests no claim: the winner claims.
    let human = format!("{XBOARD_GUI_START}force\nname root\nsetboard {BARING}\nsd 4\ngo\n");
    let out = session(&human);
    assert_eq!(engine_moves(&out), ["e1e5"], "{out}");
    assert!(out.contains("1-0 {"), "{out}");
    // cutechess judges by the rules: the winner claims.
    let out = session(&format!(
        "{CUTECHESS_START}setboard {BARING}\nsd 4\ntime 1000\notim 1000\ngo\n"
    ));
    assert_eq!(engine_moves(&out), ["e1e5"], "{out}");
    assert!(out.contains("1-0 {"), "{out}");
}

/// The fers can take Black's last piece, leaving king and fers against a bare king: by the
/// rules White wins unless Black takes the fers back (docs/rules.md C7), but XBoard 4.9.1
/// calls it a draw for want of mating material.
const FERS_TAKES: &str = "k11/12/12/12/12/12/5F6/4n1K5 w - - 0 1";

#[test]
fn no_move_the_xboard_gui_would_misjudge() {
    let out = session(&format!(
        "{CUTECHESS_START}setboard {FERS_TAKES}\nsd 4\ntime 1000\notim 1000\ngo\n"
    ));
    assert_eq!(engine_moves(&out), ["f2e1"], "the win by the rules: {out}");
    let out = session(&format!(
        "{XBOARD_GUI_START}force\ncomputer\nsetboard {FERS_TAKES}\nsd 4\ntime 1000\notim 1000\ngo\n"
    ));
    let played = engine_moves(&out);
    assert_eq!(played.len(), 1, "{out}");
    assert_ne!(played[0], "f2e1", "XBoard would call it a draw: {out}");
}

/// Black to move, 99 plies without a capture or a pawn move, and no capture or pawn move for
/// Black (its pawn h4 is blocked): Black's move reaches the 50-move rule's 100 plies, a draw by
/// the rule book (docs/rules.md C8). cutechess plays Courier to its own 70-move rule instead
/// (C8 [choice]) and forfeits a claim of the 50-move draw as invalid.
const FIFTY_NEAR: &str = "12/12/5k6/12/7p4/7P4/12/R10K b - - 99 80";

#[test]
fn a_move_count_draw_is_claimed_under_the_xboard_gui_only() {
    // cutechess: Black's move makes 100 plies, White's reply 101; Kurier claims nothing and
    // plays on, as cutechess does.
    let out = session(&format!(
        "{CUTECHESS_START}setboard {FIFTY_NEAR}\nsd 4\ntime 1000\notim 1000\ngo\nping 2\n\
         usermove a1a2\nping 3\n"
    ));
    assert!(
        !out.contains("1/2-1/2"),
        "no claim cutechess forfeits: {out}"
    );
    let played = engine_moves(&out);
    assert_eq!(played.len(), 2, "Kurier plays on: {out}");
    replay(FIFTY_NEAR, &[played[0], "a1a2", played[1]]);
    // cutechess hands over a position already past 100 plies: Kurier moves.
    let past = FIFTY_NEAR.replace(" 99 80", " 100 80");
    let out = session(&format!(
        "{CUTECHESS_START}setboard {past}\nsd 4\ntime 1000\notim 1000\ngo\n"
    ));
    assert!(!out.contains("1/2-1/2"), "{out}");
    assert_eq!(engine_moves(&out).len(), 1, "{out}");
    // The XBoard GUI, between engines and against a person: the rule book's draw, claimed
    // after the move that makes it, and claimed again for a position past it.
    for opponent in ["computer\nname Other", "name root"] {
        let out = session(&format!(
            "{XBOARD_GUI_START}force\n{opponent}\nsetboard {FIFTY_NEAR}\nsd 4\ntime 1000\n\
             otim 1000\ngo\n"
        ));
        assert_eq!(engine_moves(&out).len(), 1, "{out}");
        assert!(out.contains("1/2-1/2 {Draw by 50-move rule}"), "{out}");
        let out = session(&format!(
            "{XBOARD_GUI_START}force\n{opponent}\nsetboard {past}\nsd 4\ngo\n"
        ));
        assert!(engine_moves(&out).is_empty(), "{out}");
        assert!(out.contains("1/2-1/2 {Draw by 50-move rule}"), "{out}");
    }
    // cutechess plays no Schachdame: there a host other than the GUI is Kurier's own runner,
    // which applies the rule book (docs/rules.md S8), and the draw is claimed.
    let out = session(
        "xboard\nprotover 2\nnew\nvariant schachdame\nforce\n\
         setboard 3k4/8/8/8/8/8/8/2B1K3 w - - 99 80\nsd 4\ngo\n",
    );
    assert_eq!(engine_moves(&out).len(), 1, "{out}");
    assert!(out.contains("1/2-1/2 {Draw by 50-move rule}"), "{out}");
}

#[test]
fn under_uci_the_rule_book_scores_the_fifty_move_point_and_play_goes_on_past_it() {
    // UCI has no claims: the host judges. Black to move at 99 plies: every move draws by the
    // rule book (docs/rules.md C8), so a lost position scores 0.
    let uci = "uci\nsetoption name UCI_Variant value courier\nucinewgame\nisready\n";
    let out = session(&format!("{uci}position fen {FIFTY_NEAR}\ngo depth 4\n"));
    let last_score = |out: &str| {
        out.lines()
            .filter(|l| l.starts_with("info depth"))
            .filter_map(|l| l.split(" score ").nth(1))
            .next_back()
            .map(|s| s.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
            .unwrap_or_else(|| panic!("no score: {out}"))
    };
    assert_eq!(last_score(&out), "cp 0", "{out}");
    assert!(out.contains("bestmove f6"), "{out}");
    // A host that plays on past the rule (cutechess, to its own 70-move rule): the search
    // sees the rook White is up, not a draw at every line.
    let past = FIFTY_NEAR.replace(" 99 80", " 110 80");
    let out = session(&format!("{uci}position fen {past}\ngo depth 4\n"));
    let score = last_score(&out);
    let cp: i32 = score.strip_prefix("cp ").map_or(0, |v| v.parse().unwrap());
    assert!(cp < -200 || score.starts_with("mate -"), "{score}: {out}");
}
