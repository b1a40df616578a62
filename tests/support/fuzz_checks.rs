//! The checks of the fuzz targets, one function per target: bytes in, a panic when an invariant
//! breaks. The targets in `fuzz/fuzz_targets/` and `tests/fuzz_regressions.rs` (which feeds them
//! every saved input of `fuzz/regressions/<target>/`) include this one file, so a crash the
//! fuzzer found stays a test under `cargo test`.
//!
//! Each check is deterministic and bounded: searches in the session target are cut to depth 1,
//! perft to depth 2, the hash table to 1 MB and one thread.

// Each fuzz target uses one of the checks.
#![allow(dead_code)]

use kurier_engine::options::{Opt, Options};
use kurier_engine::protocol::uci_session::UciSession;
use kurier_engine::protocol::xboard_session::XboardSession;
use kurier_engine::protocol::Output;
use kurier_rules::game::{Game, MoveList};
use kurier_rules::games::courier::Courier;
use kurier_rules::games::dual::DualCheckers;
use kurier_rules::games::schachdame::Schachdame;
use kurier_rules::games::Variant;
use kurier_rules::with_game;
use kurier_wire::uci::{UciCommand, UciReply};
use kurier_wire::xboard::{XboardCommand, XboardReply};
use kurier_wire::SearchLimits;

/// The names of the targets, as the folders of `fuzz/corpus/` and `fuzz/regressions/` name them.
pub const TARGETS: [&str; 10] = [
    "fen",
    "move_text",
    "uci_command",
    "xboard_command",
    "session",
    "engine_toml",
    "pgn",
    "engine_spec",
    "network",
    "packed_data",
];

/// Runs the check of `target` on `data`; false for an unknown target name.
pub fn check(target: &str, data: &[u8]) -> bool {
    match target {
        "fen" => fen(data),
        "move_text" => move_text(data),
        "uci_command" => uci_command(data),
        "xboard_command" => xboard_command(data),
        "session" => session(data),
        "engine_toml" => engine_toml(data),
        "pgn" => pgn(data),
        "engine_spec" => engine_spec(data),
        "network" => network(data),
        "packed_data" => packed_data(data),
        _ => return false,
    }
    true
}

/// The text of fuzz bytes: invalid UTF-8 becomes U+FFFD, as the protocol line reader does.
fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// How many moves of a position the FEN check formats and reads back (Dual checkers' capture
/// paths are searched again for each text; a wild position must not make one input slow).
const FORMATTED_MOVES: usize = 24;

/// A position that parsed: its FEN reads back to the same position and FEN, the keys agree, and
/// every legal move can be played (and some formatted and read back).
fn position_is_sound<G: Game + PartialEq + std::fmt::Debug>(pos: &G) {
    let fen = pos.fen();
    let again = G::from_fen(&fen).unwrap_or_else(|e| panic!("{}: own FEN '{fen}': {e}", G::NAME));
    assert_eq!(again.fen(), fen, "{}: FEN does not round-trip", G::NAME);
    assert_eq!(&again, pos, "{}: '{fen}' reads back differently", G::NAME);
    assert_eq!(pos.key(), pos.compute_key(), "{}: key of '{fen}'", G::NAME);
    let mut list = MoveList::new();
    pos.generate(&mut list);
    // A list holds MAX_MOVES moves; a position with more (dense Dual checkers) fills it, says
    // so, and is counted exactly past it.
    if list.overflowed() {
        assert!(
            list.is_full(),
            "{}: overflowed short of full: '{fen}'",
            G::NAME
        );
        assert!(
            pos.count_moves() > list.len() as u64,
            "{}: count of '{fen}' within an overflowed list",
            G::NAME
        );
    } else {
        assert_eq!(
            pos.count_moves(),
            list.len() as u64,
            "{}: count of '{fen}'",
            G::NAME
        );
    }
    let _ = pos.outcome();
    for (i, &mv) in list.iter().enumerate() {
        let next = pos.play(mv);
        assert_eq!(
            next.key(),
            next.compute_key(),
            "{}: key after {mv:?} in '{fen}'",
            G::NAME
        );
        assert_eq!(next.side_to_move(), !pos.side_to_move());
        if i < FORMATTED_MOVES {
            let text = pos.format_move(mv);
            assert_eq!(
                pos.parse_move(&text),
                Ok(mv),
                "{}: '{text}' in '{fen}'",
                G::NAME
            );
        }
    }
}

/// `fen`: the bytes as a FEN of each game; a position that parses must be sound.
pub fn fen(data: &[u8]) {
    let s = text(data);
    if let Ok(p) = Schachdame::from_fen(&s) {
        position_is_sound(&p);
    }
    if let Ok(p) = Courier::from_fen(&s) {
        position_is_sound(&p);
    }
    if let Ok(p) = DualCheckers::from_fen(&s) {
        position_is_sound(&p);
    }
}

/// Schachdame positions for the move-text target: the start, a promotion, bishops, an endgame.
pub const SCHACHDAME_POSITIONS: [&str; 4] = [
    "1p1k1b1p/p1p1p1p1/8/8/8/8/1P1P1P1P/P1B1K1P1 w - - 0 1",
    "1b1b3k/2P5/8/8/8/8/8/4K3 w - - 0 1",
    "3k4/8/8/b7/8/8/3B4/4K3 w - - 0 1",
    "8/8/7p/8/5k2/8/3K4/8 b - - 3 50",
];

/// Courier positions: the start, promotions, a bare king, no legal move.
pub const COURIER_POSITIONS: [&str; 4] = [
    "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1",
    "1r2k5r1/2P5P3/12/12/12/12/2p5p3/1R2K5R1 w - - 0 1",
    "k11/12/12/12/12/12/12/R10K b - - 0 1",
    "k11/p1K9/P11/12/12/12/12/12 b - - 0 1",
];

/// Dual-checkers positions with few moves: the start, and captures (jumps, direct captures,
/// king captures, several legs, paths that make the same move).
pub const DUAL_POSITIONS: [&str; 8] = [
    "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/1M1M1M1M/M1M1M1M1/1M1M1M1M w 0 1",
    "1m1m1m1m/m1m1m1m1/1m3m1m/4m3/4M3/1M1M3M/M1M1M1M1/1M1M1M1M w 0 2",
    "8/8/3m4/2mMm3/3m4/8/8/8 w 0 1",
    "8/4m1m1/m2m4/1m6/M7/8/3m4/8 w 0 1",
    "3m4/8/2m5/m2K3m/8/3m4/8/8 w 0 1",
    "k6K/8/2m2M2/8/8/2M2m2/8/K6k w 0 1",
    "1m1m1m1m/m1m1m1m1/3m3m/2m5/M3m3/1M3M1M/2M1M1M1/1M1M1M1M w 0 4",
    "8/2k5/8/8/3K4/8/5m2/8 w 0 1",
];

/// A move text that reads must name a legal move, whose own text reads back to it.
fn move_text_is_sound<G: Game>(pos: &G, text: &str) -> Option<G::Move> {
    match pos.parse_move(text) {
        Ok(mv) => {
            let mut list = MoveList::new();
            pos.generate(&mut list);
            assert!(
                list.contains(&mv),
                "{}: '{text}' read as an illegal {mv:?}",
                G::NAME
            );
            let own = pos.format_move(mv);
            assert_eq!(
                pos.parse_move(&own),
                Ok(mv),
                "{}: '{text}' -> '{own}'",
                G::NAME
            );
            let next = pos.play(mv);
            assert_eq!(next.key(), next.compute_key());
            Some(mv)
        }
        Err(e) => {
            let _ = e.to_string();
            None
        }
    }
}

/// `move_text`: the first byte picks a position of [`SCHACHDAME_POSITIONS`],
/// [`COURIER_POSITIONS`] or [`DUAL_POSITIONS`]; the rest is a move text.
pub fn move_text(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let s = text(rest);
    let pick = pick as usize;
    let all = SCHACHDAME_POSITIONS.len() + COURIER_POSITIONS.len() + DUAL_POSITIONS.len();
    let i = pick % all;
    if i < SCHACHDAME_POSITIONS.len() {
        let pos = Schachdame::from_fen(SCHACHDAME_POSITIONS[i]).expect("a fixed position");
        move_text_is_sound(&pos, &s);
    } else if i < SCHACHDAME_POSITIONS.len() + COURIER_POSITIONS.len() {
        let fen = COURIER_POSITIONS[i - SCHACHDAME_POSITIONS.len()];
        let pos = Courier::from_fen(fen).expect("a fixed position");
        move_text_is_sound(&pos, &s);
    } else {
        let fen = DUAL_POSITIONS[i - SCHACHDAME_POSITIONS.len() - COURIER_POSITIONS.len()];
        let pos = DualCheckers::from_fen(fen).expect("a fixed position");
        if let Some(mv) = move_text_is_sound(&pos, &s) {
            // The people's notation (docs/rules.md D11) reads back too.
            let pdn = pos.pdn(mv);
            assert_eq!(pos.parse_move(&pdn), Ok(mv), "dual: '{s}' -> '{pdn}'");
        }
    }
}

/// A command read back from its own line must be the command itself, or differ only below the
/// wire's precision (`level`'s BASE is whole seconds, `st` and `inc` milliseconds): then it
/// writes the very same line, and reads back to itself from there.
fn same_command<C: std::fmt::Display + std::fmt::Debug + PartialEq>(c: &C, again: &C, line: &str) {
    if again != c {
        assert_eq!(again.to_string(), line, "{c:?} -> '{line}' -> {again:?}");
    }
}

/// `uci_command`: a command that reads writes a line that reads back to it ([`same_command`]);
/// replies are read without panicking.
pub fn uci_command(data: &[u8]) {
    let s = text(data);
    if let Ok(c) = s.parse::<UciCommand>() {
        let line = c.to_string();
        let again = line
            .parse::<UciCommand>()
            .unwrap_or_else(|e| panic!("'{s}' -> '{line}': {e}"));
        same_command(&c, &again, &line);
    }
    if let Ok(r) = s.parse::<UciReply>() {
        let _ = r.to_string();
    }
}

/// `xboard_command`: a command that reads writes a line that reads back to it
/// ([`same_command`]); replies are read without panicking.
pub fn xboard_command(data: &[u8]) {
    let s = text(data);
    if let Ok(c) = s.parse::<XboardCommand>() {
        let line = c.to_string();
        let again = line
            .parse::<XboardCommand>()
            .unwrap_or_else(|e| panic!("'{s}' -> '{line}': {e}"));
        same_command(&c, &again, &line);
    }
    if let Ok(r) = s.parse::<XboardReply>() {
        let _ = r.to_string();
    }
}

/// The largest perft depth the session target lets through.
const SESSION_PERFT: u32 = 2;
/// The most lines of one session.
const SESSION_LINES: usize = 64;

/// Options whose value the session target holds down (a 1 MB table, one thread).
fn bounded_option(name: &str) -> Option<&'static str> {
    match Opt::find(name) {
        Some(Opt::Hash) => Some("1"),
        Some(Opt::Threads) => Some("1"),
        _ => None,
    }
}

/// A UCI line made bounded: every search to depth 1, perft to [`SESSION_PERFT`], the table
/// small; `None` drops the line (a `go` that does not read searches until `stop`).
fn bounded_uci(line: &str) -> Option<String> {
    match line.parse::<UciCommand>() {
        Ok(UciCommand::Go(mut go)) => {
            go.wtime = None;
            go.btime = None;
            go.winc = None;
            go.binc = None;
            go.movestogo = None;
            go.ponder = false;
            go.limits = SearchLimits {
                depth: Some(1),
                ..SearchLimits::default()
            };
            Some(UciCommand::Go(go).to_string())
        }
        Ok(UciCommand::Perft(d)) => Some(UciCommand::Perft(d.min(SESSION_PERFT)).to_string()),
        Ok(UciCommand::SetOption { name, value }) => {
            let value = bounded_option(&name).map(str::to_string).or(value);
            Some(UciCommand::SetOption { name, value }.to_string())
        }
        Err(kurier_wire::uci::UciError::Go { .. }) => None,
        _ => Some(line.to_string()),
    }
}

/// An XBoard line made bounded: `sd` is always 1 (set again after `new`), `memory` and `cores`
/// 1, `hint` (a search of its own) dropped.
fn bounded_xboard(line: &str) -> Vec<String> {
    match line.parse::<XboardCommand>() {
        Ok(XboardCommand::Sd(_)) => vec!["sd 1".to_string()],
        Ok(XboardCommand::New) => vec![line.to_string(), "sd 1".to_string()],
        Ok(XboardCommand::Memory(_)) => vec!["memory 1".to_string()],
        Ok(XboardCommand::Cores(_)) => vec!["cores 1".to_string()],
        Ok(XboardCommand::Hint) => Vec::new(),
        Ok(XboardCommand::Option { name, value }) => {
            let value = bounded_option(&name).map(str::to_string).or(value);
            vec![XboardCommand::Option { name, value }.to_string()]
        }
        _ => vec![line.to_string()],
    }
}

/// The engine options every fuzzed session starts from.
fn session_options(variant: Variant) -> Options {
    Options {
        variant,
        hash_mb: 1,
        threads: 1,
        ..Options::default()
    }
}

/// The FEN must be a legal position of `variant` that writes itself back unchanged.
fn legal_fen(variant: Variant, fen: &str) {
    with_game!(variant, G => {
        let pos = G::from_fen(fen)
            .unwrap_or_else(|e| panic!("the session's position '{fen}' ({variant}): {e}"));
        assert_eq!(pos.fen(), fen, "the session's position ({variant})");
    })
}

/// `session`: the first byte picks the protocol and the game, the rest is the session's lines
/// (made bounded). Nothing may panic, and afterwards the engine's position must be a legal
/// position of its game: UCI `d` prints it (`info string fen ...`, the game from `uci`'s
/// `UCI_Variant` line), XBoard's session tells it.
pub fn session(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[(pick as usize >> 1) % Variant::ALL.len()];
    let options = session_options(variant);
    let lines: Vec<String> = text(rest)
        .split('\n')
        .map(|l| l.trim_end_matches('\r').to_string())
        .take(SESSION_LINES)
        .collect();
    let (out, memory) = Output::memory();
    if pick & 1 == 0 {
        let mut s = UciSession::new(&options, out);
        s.handle("uci").expect("memory output");
        for line in &lines {
            let Some(line) = bounded_uci(line) else {
                continue;
            };
            if !s.handle(&line).expect("memory output") {
                break;
            }
        }
        s.handle("stop").expect("memory output");
        let before = memory.text().len();
        s.handle("uci").expect("memory output");
        s.handle("d").expect("memory output");
        drop(s);
        let text = memory.text();
        let tail = &text[before..];
        let variant = tail
            .lines()
            .find_map(|l| {
                let rest = l.strip_prefix("option name UCI_Variant ")?;
                let name = rest.split(" default ").nth(1)?.split_whitespace().next()?;
                name.parse::<Variant>().ok()
            })
            .expect("uci names the game");
        let fen = tail
            .lines()
            .find_map(|l| l.strip_prefix("info string fen "))
            .expect("d prints the position");
        legal_fen(variant, fen);
    } else {
        let mut s = XboardSession::new(&options, out);
        for line in ["xboard", "protover 2", "sd 1"] {
            s.handle(line).expect("memory output");
        }
        'lines: for line in &lines {
            for line in bounded_xboard(line) {
                if !s.handle(&line).expect("memory output") {
                    break 'lines;
                }
            }
        }
        s.handle("force").expect("memory output");
        let (variant, fen) = s.position();
        drop(s);
        legal_fen(variant, &fen);
    }
}

/// `engine_toml`: the bytes as an `engine.toml`; errors are written without panicking, and name
/// lines of the file.
pub fn engine_toml(data: &[u8]) {
    let (_options, errors) = kurier_engine::config::parse(data, "fuzz.toml");
    let lines = data.split(|&b| b == b'\n').count();
    for e in &errors {
        let _ = e.to_string();
        if let Some(line) = e.line() {
            assert!(line >= 1 && line <= lines, "{e}: line {line} of {lines}");
        }
    }
}

/// `pgn`: the bytes as a PGN file, read and replayed by `kurier match --replay`'s code, without
/// a variant and with the one the first byte picks.
pub fn pgn(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let s = text(rest);
    let mut out = Vec::new();
    let _ = kurier_match::replay::replay_text(&s, None, &mut out);
    let variant = Variant::ALL[pick as usize % Variant::ALL.len()];
    let _ = kurier_match::replay::replay_text(&s, Some(variant), &mut out);
    if let Ok(games) = kurier_match::pgn::parse(&s) {
        for g in &games {
            let _ = g.write();
            let _ = g.reason();
        }
    }
}

/// `engine_spec`: the bytes as one `--engine` SPEC of `kurier match` (and as an `--each`); an
/// accepted engine has a usable name, a command and a limit.
pub fn engine_spec(data: &[u8]) {
    let s = text(data);
    let args = [
        "--variant",
        "courier",
        "--depth",
        "1",
        "--engine",
        &s,
        "--engine",
        "cmd=kurier",
        "--each",
        &s,
    ];
    use kurier_match::match_args::parse;
    for n in [8, 10] {
        match parse(&args[..n]) {
            Ok(kurier_match::MatchCommand::Play(o)) => {
                assert_eq!(o.engines.len(), 2);
                for e in &o.engines {
                    assert!(!e.cmd.is_empty(), "'{s}': no command");
                    assert!(!e.name.is_empty() && !e.name.contains(['"', '\n', '\r']));
                    assert!(!e.limits.is_empty(), "'{s}': no limit");
                }
            }
            Ok(other) => panic!("'{s}' read as {other:?}"),
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
}

/// `network`: the bytes as a network file (and as one of the old format), then again with the
/// body's checksum made right, so that the checks past it are reached. A network that is read
/// writes back to the same bytes, and evaluates positions of its game along a line of moves:
/// no accumulator leaves `i16` (summed again in `i64`), the search's incremental accumulators
/// give what a full refresh gives, and the output is within its bound.
pub fn network(data: &[u8]) {
    use kurier_engine::nnue::network::{checksum, Network, CRC_AT, HEADER_BYTES};
    let _ = Network::from_old_bytes(data).map(|n| n.to_bytes());
    let mut tries = vec![data.to_vec()];
    if data.len() >= HEADER_BYTES {
        let mut sealed = data.to_vec();
        let crc = checksum(&data[HEADER_BYTES..]);
        sealed[CRC_AT..CRC_AT + 4].copy_from_slice(&crc.to_le_bytes());
        tries.push(sealed);
    }
    for bytes in tries {
        let net = match Network::from_bytes(&bytes) {
            Ok(net) => net,
            Err(e) => {
                let _ = e.to_string();
                continue;
            }
        };
        assert_eq!(net.to_bytes(), bytes, "a network writes back as read");
        let variant: Variant = net.variant().parse().expect("a game the reader knows");
        with_game!(variant, G => evaluate_along::<G>(&net));
    }
}

/// The network's evaluations along a line of moves from `G`'s start ([`network`]).
fn evaluate_along<G: kurier_engine::search::Searchable>(net: &kurier_engine::nnue::Network) {
    use kurier_engine::nnue::features::active;
    use kurier_engine::nnue::network::OUTPUT_BOUND;
    use kurier_engine::nnue::stack::{evaluate_full, Stack};
    use kurier_rules::game::Color;
    let mut stack = Stack::new(48);
    let mut pos = G::start();
    for ply in 0..40 {
        stack.enter(ply, &pos);
        for c in Color::BOTH {
            let mut acc: Vec<i64> = net.bias().iter().map(|&b| i64::from(b)).collect();
            active(&pos, c, |i| {
                for (a, &w) in acc.iter_mut().zip(net.row(i)) {
                    *a += i64::from(w);
                }
            });
            assert!(
                acc.iter().all(|a| i16::try_from(*a).is_ok()),
                "{}: an accumulator leaves i16 at '{}'",
                G::NAME,
                pos.fen()
            );
        }
        let v = stack.evaluate(net, ply, &pos);
        assert_eq!(v, evaluate_full(net, &pos), "{}: '{}'", G::NAME, pos.fen());
        assert!(i64::from(v).abs() <= OUTPUT_BOUND);
        let mut moves = MoveList::new();
        pos.generate(&mut moves);
        if moves.is_empty() {
            break;
        }
        pos = pos.play(moves[(ply * 7 + 3) % moves.len()]);
    }
}

/// `packed_data`: the packed training-data reader (kurier_tune::packed) on any bytes, as each
/// game: it never panics; what it reads whole is exported as text, and that text packed and
/// read again gives the same text.
pub fn packed_data(data: &[u8]) {
    use kurier_tune::convert::{pack_text, unpack_to_text};
    fn one<G: Game>(data: &[u8]) {
        let mut text = Vec::new();
        if unpack_to_text::<G>(&mut &data[..], &mut text).is_err() {
            return;
        }
        let (packed, _) = pack_text::<G, _>(&text[..], Vec::new()).expect("packs to memory");
        let mut again = Vec::new();
        unpack_to_text::<G>(&mut &packed[..], &mut again).expect("its own packing reads");
        assert_eq!(again, text, "text -> packed -> text changed the text");
    }
    for variant in Variant::ALL {
        with_game!(variant, G => one::<G>(data));
    }
}
