//! The GUI side of UCI: `uci`/`uciok`, `setoption` (the engine's own options first, then
//! `UCI_Variant` unless an option names it, so that e.g. Fairy-Stockfish's `VariantPath` is read
//! before the variant is chosen), `isready`/`readyok`, `ucinewgame`,
//! `position startpos|fen F moves ...`, `go` with the clocks or `movetime`/`depth`/`nodes`,
//! `info ... score cp|mate` for adjudication, `bestmove`, `stop`.
//!
//! The position is always sent as `fen` — the engine's idea of `startpos` may differ (Courier
//! before or after the ceremony) — except to Kurier itself from Kurier's own start.

use super::engine::Process;
use super::options::EngineSpec;
use super::player::{
    wait_error, wait_for, EngineScore, MoveRequest, Reply, Thinking, READY_TIMEOUT,
    STARTUP_TIMEOUT, STOP_TIMEOUT,
};
use kurier_rules::games::Variant;

/// What the runner knows of a UCI engine.
#[derive(Clone, Debug, Default)]
pub struct UciState {
    /// `id name`.
    pub id_name: Option<String>,
}

fn millis(d: std::time::Duration) -> u128 {
    d.as_millis()
}

fn setoption(process: &mut Process, name: &str, value: &str) -> Result<(), String> {
    process.send(&format!("setoption name {name} value {value}"))
}

/// Sends `isready` and waits for `readyok`; every other line is dropped.
pub fn sync(process: &mut Process) -> Result<(), String> {
    process.send("isready")?;
    wait_for(
        process,
        READY_TIMEOUT,
        |l| (l.trim() == "readyok").then_some(()),
        |_, _| {},
    )
    .map_err(|e| wait_error(e, "readyok", READY_TIMEOUT))
}

impl UciState {
    /// `uci` ... `uciok`, options, variant, init lines, `isready` ... `readyok`.
    pub fn handshake(
        process: &mut Process,
        spec: &EngineSpec,
        variant: Variant,
    ) -> Result<UciState, String> {
        let mut state = UciState::default();
        let mut variants: Option<Vec<String>> = None;
        process.send("uci")?;
        wait_for(
            process,
            STARTUP_TIMEOUT,
            |l| (l.trim() == "uciok").then_some(()),
            |_, line| {
                let words: Vec<&str> = line.split_whitespace().collect();
                match words.as_slice() {
                    ["id", "name", rest @ ..] => state.id_name = Some(rest.join(" ")),
                    ["option", "name", "UCI_Variant", rest @ ..] => {
                        variants = Some(
                            rest.windows(2)
                                .filter(|w| w[0] == "var")
                                .map(|w| w[1].to_string())
                                .collect(),
                        )
                    }
                    _ => {}
                }
            },
        )
        .map_err(|e| wait_error(e, "uciok", STARTUP_TIMEOUT))?;
        let name = spec.variant.as_deref().unwrap_or(variant.name());
        match &variants {
            None => log::warn!(
                "{}: the engine has no UCI_Variant option; it may not play {name}",
                spec.name
            ),
            Some(v) if !v.iter().any(|v| v == name) => log::info!(
                "{}: UCI_Variant does not list '{name}' (it may come from an option such as \
                 VariantPath)",
                spec.name
            ),
            _ => {}
        }
        for (option, value) in &spec.options {
            setoption(process, option, value)?;
        }
        if !spec
            .options
            .iter()
            .any(|(o, _)| o.eq_ignore_ascii_case("UCI_Variant"))
        {
            setoption(process, "UCI_Variant", name)?;
        }
        for line in &spec.init {
            process.send(line)?;
        }
        sync(process)?;
        Ok(state)
    }

    /// `ucinewgame`, then `isready` ... `readyok`.
    pub fn new_game(&mut self, process: &mut Process) -> Result<(), String> {
        process.send("ucinewgame")?;
        sync(process)
    }

    /// `position ...` and `go ...`.
    pub fn request_move(
        &mut self,
        process: &mut Process,
        request: &MoveRequest,
        kurier: bool,
    ) -> Result<(), String> {
        let start = request.start;
        let mut position = if kurier && start.default_start {
            "position startpos".to_string()
        } else {
            format!("position fen {}", start.fen)
        };
        if !request.moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&request.moves.join(" "));
        }
        process.send(&position)?;
        let mut go = "go".to_string();
        let limits = start.limits;
        if limits.tc.is_some() {
            for (clock, side) in request.clocks.iter().zip(["w", "b"]) {
                if let Some(c) = clock {
                    go.push_str(&format!(
                        " {side}time {} {side}inc {}",
                        millis(c.left),
                        millis(c.increment)
                    ));
                }
            }
            let own = request.clocks[start.color.index()];
            if let Some(n) = own.and_then(|c| c.moves_to_go) {
                go.push_str(&format!(" movestogo {n}"));
            }
        }
        if let Some(st) = limits.st {
            go.push_str(&format!(" movetime {}", millis(st).max(1)));
        }
        if let Some(d) = limits.depth {
            go.push_str(&format!(" depth {d}"));
        }
        if let Some(n) = limits.nodes {
            go.push_str(&format!(" nodes {n}"));
        }
        process.send(&go)
    }

    /// `bestmove X` is a move; `info ... score` is thinking output.
    pub fn interpret(&mut self, line: &str) -> Reply {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["bestmove", mv, ..] => Reply::Move(mv.to_string()),
            ["bestmove"] => Reply::Move(String::new()),
            ["info", rest @ ..] => {
                let mut depth = None;
                let mut score = None;
                let mut i = 0;
                while i < rest.len() {
                    match rest[i] {
                        "depth" => depth = rest.get(i + 1).and_then(|d| d.parse().ok()),
                        "score" => {
                            score = match (rest.get(i + 1), rest.get(i + 2).map(|v| v.parse())) {
                                (Some(&"cp"), Some(Ok(v))) => Some(EngineScore::Cp(v)),
                                (Some(&"mate"), Some(Ok(v))) => Some(EngineScore::Mate(v)),
                                _ => score,
                            }
                        }
                        // The rest of the line is moves or free text.
                        "pv" | "string" => break,
                        _ => {}
                    }
                    i += 1;
                }
                match score {
                    Some(score) => Reply::Thinking(Thinking { score, depth }),
                    None => Reply::Nothing,
                }
            }
            _ => Reply::Nothing,
        }
    }

    /// Stops a running search and waits for its `bestmove`.
    pub fn end_game(&mut self, process: &mut Process, thinking: bool) -> Result<(), String> {
        if !thinking {
            return Ok(());
        }
        process.send("stop")?;
        wait_for(
            process,
            STOP_TIMEOUT,
            |l| l.starts_with("bestmove").then_some(()),
            |_, _| {},
        )
        .map_err(|e| wait_error(e, "bestmove after stop", STOP_TIMEOUT))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_bestmove_and_scores() {
        let mut s = UciState::default();
        assert_eq!(
            s.interpret("bestmove i2i3 ponder i7i6"),
            Reply::Move("i2i3".into())
        );
        assert_eq!(
            s.interpret("info depth 7 seldepth 9 score cp -31 nodes 5 pv a1a2"),
            Reply::Thinking(Thinking {
                score: EngineScore::Cp(-31),
                depth: Some(7)
            })
        );
        assert_eq!(
            s.interpret("info depth 3 score mate -2 upperbound"),
            Reply::Thinking(Thinking {
                score: EngineScore::Mate(-2),
                depth: Some(3)
            })
        );
        assert_eq!(s.interpret("info string score cp 5"), Reply::Nothing);
        assert_eq!(s.interpret("info depth x score cp y"), Reply::Nothing);
        assert_eq!(s.interpret("readyok"), Reply::Nothing);
        assert_eq!(EngineScore::Mate(3).centipawns(), 99_997);
        assert_eq!(EngineScore::Mate(-3).centipawns(), -99_997);
    }
}
