//! The arbiter: plays one game between two engines with Kurier's rules.
//!
//! Every move an engine sends is read with the game's parser and checked against the legal moves
//! before it is forwarded (in Kurier's protocol notation) to the other engine. The game ends:
//! - by the rules ([`GameRecord::outcome`]: mate, stalemate as each game scores it, bare king,
//!   no legal move, two bare kings, threefold repetition, the move-count rules);
//! - when an engine sends an illegal or unreadable move, rejects a legal move it was sent, or
//!   claims a result the rules do not give (claims are checked, never trusted; a claim of one's
//!   own loss is a resignation) — that engine loses;
//! - when an engine resigns, crashes (its output ends), or lets its flag fall: the runner keeps
//!   both clocks and waits at most the time left plus the time margin; without a clock it waits
//!   the move timeout (plus the fixed time per move, if any) and then scores a stalled engine
//!   as lost;
//! - by score adjudication, when asked for, and as a draw once the game reaches the maximum
//!   length (`max_moves` full moves, opening moves included, as cutechess-cli's `-maxmoves`);
//! - unfinished (`*`, `{interrupted}`) when the games in progress are abandoned
//!   ([`super::interrupt`]): the arbiter looks at the [`Interrupt`] before each move and every
//!   50 ms while it waits for one, and leaves the engines to be quit (they are not asked to stop
//!   their search first); an engine that dies once they are abandoned, or within
//!   [`CRASH_GRACE`] before (a batch system signals every process of a job at once), was
//!   stopped with the runner, and its game is unfinished rather than lost.

use super::interrupt::{Interrupt, CRASH_GRACE};
use super::openings::Opening;
use super::player::Player;
use super::process::Recv;
use super::reply::{Reply, Thinking};
use super::request::{GameStart, MoveRequest};
use super::settings::{Adjudication, Limits};
use kurier_rules::game::{Color, FenError, Game, MoveError, Outcome};
use kurier_rules::games::Variant;
use kurier_rules::record::GameRecord;
use kurier_wire::{Clock, Score, TimeControl};
use std::time::{Duration, Instant};

/// How often the idle engine's output is looked at while the other one thinks.
const POLL: Duration = Duration::from_millis(50);
/// A game this long is stopped and scored as a draw (the rules end every game long before).
const MAX_PLIES: usize = 20_000;

/// The PGN `Termination` of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules, or a resignation.
    Normal,
    /// A flag fell.
    TimeForfeit,
    /// An illegal move, a false claim, a rejected legal move.
    RulesInfraction,
    /// Score adjudication.
    Adjudication,
    /// An engine crashed or could not start the game.
    Abandoned,
    /// An engine stopped answering (no clock running).
    StalledConnection,
    /// The game was stopped before its end.
    Unterminated,
}

impl Termination {
    /// The PGN tag value.
    pub fn pgn_name(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Adjudication => "adjudication",
            Termination::Abandoned => "abandoned",
            Termination::StalledConnection => "stalled connection",
            Termination::Unterminated => "unterminated",
        }
    }

    /// Reads a PGN tag value.
    pub fn from_pgn(text: &str) -> Option<Termination> {
        [
            Termination::Normal,
            Termination::TimeForfeit,
            Termination::RulesInfraction,
            Termination::Adjudication,
            Termination::Abandoned,
            Termination::StalledConnection,
            Termination::Unterminated,
        ]
        .into_iter()
        .find(|t| t.pgn_name().eq_ignore_ascii_case(text.trim()))
    }
}

/// The result of a game, as PGN writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// `1-0` or `0-1`.
    Win(Color),
    /// `1/2-1/2`.
    Draw,
    /// `*`: stopped before its end because the match was interrupted; it counts for no one.
    Unfinished,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The result.
    pub result: GameResult,
    /// The PGN termination.
    pub termination: Termination,
    /// Why, in words: `White wins by checkmate`, `Black loses on time`.
    pub reason: String,
}

impl GameEnd {
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn result_str(&self) -> &'static str {
        match self.result {
            GameResult::Win(Color::White) => "1-0",
            GameResult::Win(Color::Black) => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    /// The winner, if the game has one.
    pub fn winner(&self) -> Option<Color> {
        match self.result {
            GameResult::Win(c) => Some(c),
            GameResult::Draw | GameResult::Unfinished => None,
        }
    }

    /// True for a game that was played to its end (every result but `*`).
    pub fn is_finished(&self) -> bool {
        self.result != GameResult::Unfinished
    }

    fn loss(loser: Color, termination: Termination, reason: String) -> GameEnd {
        GameEnd {
            result: GameResult::Win(!loser),
            termination,
            reason,
        }
    }

    fn draw(termination: Termination, reason: String) -> GameEnd {
        GameEnd {
            result: GameResult::Draw,
            termination,
            reason,
        }
    }

    /// A game stopped because the match was interrupted: `*`, `unterminated`, `{interrupted}`.
    pub fn interrupted() -> GameEnd {
        GameEnd {
            result: GameResult::Unfinished,
            termination: Termination::Unterminated,
            reason: "interrupted".to_string(),
        }
    }

    /// The end decided by the rules.
    pub fn by_rules(outcome: Outcome) -> GameEnd {
        match outcome {
            Outcome::Win { winner, reason } => GameEnd {
                result: GameResult::Win(winner),
                termination: Termination::Normal,
                reason: format!("{} wins by {reason}", winner.name()),
            },
            Outcome::Draw(reason) => {
                GameEnd::draw(Termination::Normal, format!("Draw by {reason}"))
            }
        }
    }
}

/// One move of the game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// Protocol notation (Kurier's canonical text).
    pub text: String,
    /// A comment: `+0.31/12 0.52s`, `book`.
    pub comment: Option<String>,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The position before the first move (opening moves included in `moves`).
    pub start_fen: String,
    /// `start_fen` is the game's standard start.
    pub default_start: bool,
    /// Every move, opening moves first.
    pub moves: Vec<PlayedMove>,
    /// How it ended.
    pub end: GameEnd,
    /// The position at its end, as FEN.
    pub end_fen: String,
}

/// Settings of the arbiter that are the same for every game.
#[derive(Clone, Copy, Debug)]
pub struct ArbiterSettings {
    /// The game.
    pub variant: Variant,
    /// Longest wait for a move without a clock.
    pub move_timeout: Duration,
    /// Score adjudication.
    pub adjudication: Adjudication,
    /// A game reaching this many full moves is adjudicated a draw.
    pub max_moves: Option<u32>,
}

/// Streaks of scores for adjudication, per side.
#[derive(Default)]
struct Streaks {
    drawish: [u32; 2],
    winning: [u32; 2],
    losing: [u32; 2],
}

impl Streaks {
    fn record(&mut self, side: Color, score: Option<Score>, adj: &Adjudication) {
        let i = side.index();
        // Mates count as scores beyond every threshold (XBoard's ±(100000 + moves)).
        let Some(score) = score.map(Score::xboard) else {
            (self.drawish[i], self.winning[i], self.losing[i]) = (0, 0, 0);
            return;
        };
        let bump = |count: &mut u32, on: bool| *count = if on { *count + 1 } else { 0 };
        if let Some(d) = adj.draw {
            bump(&mut self.drawish[i], score.abs() <= d.cp);
        }
        if let Some(r) = adj.resign {
            bump(&mut self.winning[i], score >= r.cp);
            bump(&mut self.losing[i], score <= -r.cp);
        }
    }

    fn verdict(&self, adj: &Adjudication, fullmove: u32) -> Option<GameEnd> {
        if let Some(r) = adj.resign {
            for loser in Color::BOTH {
                let (l, w) = (loser.index(), (!loser).index());
                if self.losing[l] >= r.moves && (!r.two_sided || self.winning[w] >= r.moves) {
                    let whose = if r.two_sided {
                        "both engines' scores"
                    } else {
                        "the loser's score"
                    };
                    return Some(GameEnd::loss(
                        loser,
                        Termination::Adjudication,
                        format!(
                            "{} wins by adjudication: {whose} beyond {} cp for {} moves",
                            (!loser).name(),
                            r.cp,
                            r.moves
                        ),
                    ));
                }
            }
        }
        if let Some(d) = adj.draw {
            if fullmove >= d.from && self.drawish.iter().all(|&n| n >= d.moves) {
                return Some(GameEnd::draw(
                    Termination::Adjudication,
                    format!(
                        "Draw by adjudication: scores within {} cp for {} moves",
                        d.cp, d.moves
                    ),
                ));
            }
        }
        None
    }
}

/// A move comment: score from the mover's side in pawns, depth, time used.
fn move_comment(thinking: Option<Thinking>, used: Duration) -> String {
    let time = format!("{:.2}s", used.as_secs_f64());
    match thinking {
        None => time,
        Some(t) => {
            let score = match t.score {
                Score::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
                Score::Mate(n) if n >= 0 => format!("+M{n}"),
                Score::Mate(n) => format!("-M{}", -n),
            };
            match t.depth {
                Some(d) => format!("{score}/{d} {time}"),
                None => format!("{score} {time}"),
            }
        }
    }
}

/// Why the move text `sent` was not accepted, without the list of legal moves.
fn move_error(sent: &str, e: &MoveError) -> String {
    let sent = sent.chars().take(100).collect::<String>();
    match e {
        MoveError::Syntax(_) => format!("'{sent}' is not a move"),
        MoveError::Illegal { .. } => format!("'{sent}' is illegal"),
        MoveError::Ambiguous { candidates, .. } => {
            format!("'{sent}' is ambiguous ({})", candidates.join(" "))
        }
    }
}

/// Judges what a non-move reply of `who` means for the game: a resignation, a claim, a
/// rejected move. `None` when play goes on.
fn judge(who: Color, reply: &Reply, moves: &[String]) -> Option<GameEnd> {
    let name = who.name();
    match reply {
        Reply::Resign => Some(GameEnd::loss(
            who,
            Termination::Normal,
            format!("{name} resigns"),
        )),
        Reply::Claim { result, comment } => {
            let own_loss = match who {
                Color::White => "0-1",
                Color::Black => "1-0",
            };
            if result == own_loss {
                Some(GameEnd::loss(
                    who,
                    Termination::Normal,
                    format!("{name} resigns ({comment})"),
                ))
            } else {
                // The arbiter ends every game the rules end, before anyone could claim it.
                Some(GameEnd::loss(
                    who,
                    Termination::RulesInfraction,
                    format!(
                        "{name} makes a false claim: {result} ({comment}); by the rules the game goes on"
                    ),
                ))
            }
        }
        Reply::Rejected { mv, line } => {
            if moves.iter().any(|m| m == mv) {
                Some(GameEnd::loss(
                    who,
                    Termination::RulesInfraction,
                    format!("{name} rejects the legal move {mv} ({line})"),
                ))
            } else {
                log::warn!("{name} engine: {line}");
                None
            }
        }
        Reply::DrawOffer => {
            log::info!("{name} offers a draw; play goes on");
            None
        }
        Reply::Move(_) | Reply::Thinking(_) | Reply::Nothing => None,
    }
}

/// An opening the game cannot be played from (a bug: openings are checked when loaded).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningError {
    /// Its FEN does not read.
    #[error("opening {fen}: {error}")]
    Fen {
        /// The FEN.
        fen: String,
        /// Why.
        error: FenError,
    },
    /// One of its moves is not legal.
    #[error("opening move {text}: {error}")]
    Move {
        /// The move.
        text: String,
        /// Why.
        error: MoveError,
    },
}

/// Plays one game: `players[0]` has White; `margins` are the lateness each side may have after
/// its flag falls. Errors only on a bad opening. When the games in progress are abandoned
/// ([`Interrupt::abandoned`]) the game stops at once, unfinished.
pub fn play_game<G: Game>(
    players: [&mut Player; 2],
    limits: [Limits; 2],
    margins: [Duration; 2],
    opening: &Opening,
    settings: &ArbiterSettings,
    interrupt: &Interrupt,
) -> Result<GameReport, OpeningError> {
    let [white, black] = players;
    let mut players = [white, black];
    let start = G::from_fen(&opening.fen).map_err(|error| OpeningError::Fen {
        fen: opening.fen.clone(),
        error,
    })?;
    let start_fen = start.fen();
    let default_start = start_fen == G::start().fen();
    let mut record = GameRecord::new(start);
    let mut moves: Vec<PlayedMove> = Vec::new();
    for text in &opening.moves {
        let pos = record.current().clone();
        let mv = pos.parse_move(text).map_err(|error| OpeningError::Move {
            text: text.clone(),
            error,
        })?;
        moves.push(PlayedMove {
            text: pos.format_move(mv),
            comment: Some("book".to_string()),
        });
        record.play(mv);
    }
    let starts = Color::BOTH.map(|color| GameStart {
        variant: settings.variant,
        fen: &start_fen,
        color,
        limits: limits[color.index()],
    });
    let mut texts: Vec<String> = moves.iter().map(|m| m.text.clone()).collect();
    let report = |moves: Vec<PlayedMove>, end: GameEnd, end_fen: String| GameReport {
        start_fen: start_fen.clone(),
        default_start,
        moves,
        end,
        end_fen,
    };

    for color in Color::BOTH {
        if let Err(e) = players[color.index()].new_game(&starts[color.index()]) {
            if interrupt.abandoned() {
                return Ok(report(
                    moves,
                    GameEnd::interrupted(),
                    record.current().fen(),
                ));
            }
            let end = GameEnd::loss(
                color,
                Termination::Abandoned,
                format!("{} cannot start the game: {e}", color.name()),
            );
            finish(&mut players, &end);
            return Ok(report(moves, end, record.current().fen()));
        }
    }

    // No clock for an infinite control: the move timeout applies.
    let mut clocks: [Option<Clock>; 2] = limits.map(|l| {
        l.tc.filter(|tc| *tc != TimeControl::Infinite)
            .map(Clock::new)
    });
    let mut streaks = Streaks::default();
    let adj = settings.adjudication;
    let end = loop {
        if let Some(outcome) = record.outcome() {
            break GameEnd::by_rules(outcome);
        }
        if let Some(n) = settings.max_moves {
            if moves.len() >= 2 * n as usize {
                break GameEnd::draw(
                    Termination::Adjudication,
                    format!("Draw by adjudication: maximal game length ({n} moves)"),
                );
            }
        }
        if moves.len() >= MAX_PLIES {
            break GameEnd::draw(
                Termination::Unterminated,
                format!("Draw: stopped after {MAX_PLIES} plies"),
            );
        }
        if interrupt.abandoned() {
            break GameEnd::interrupted();
        }
        let side = record.current().side_to_move();
        let (s, o) = (side.index(), (!side).index());
        let request = MoveRequest {
            start: &starts[s],
            moves: &texts,
            clocks,
        };
        if let Err(e) = players[s].request_move(&request) {
            if interrupt.abandoned() {
                break GameEnd::interrupted();
            }
            break GameEnd::loss(
                side,
                Termination::Abandoned,
                format!("{} crashed ({e})", side.name()),
            );
        }
        let sent = Instant::now();
        let (allowance, clocked) = match (&clocks[s], limits[s].search.movetime) {
            (Some(c), _) => (c.allowance(margins[s]), true),
            (None, Some(st)) => (st + settings.move_timeout, false),
            (None, None) => (settings.move_timeout, false),
        };
        let deadline = sent + allowance;
        let mut thinking: Option<Thinking> = None;
        let mut heard = false;
        let ended = 'wait: loop {
            let slice = deadline.min(Instant::now() + POLL);
            match players[s].recv_until(slice) {
                Recv::Line(line, at) => {
                    heard = true;
                    match players[s].interpret(&line) {
                        Reply::Move(text) => {
                            let used = at.saturating_duration_since(sent);
                            if let Some(clock) = clocks[s].as_mut() {
                                if let Err(flag) = clock.punch(used, margins[s]) {
                                    break 'wait Some(GameEnd::loss(
                                        side,
                                        Termination::TimeForfeit,
                                        format!(
                                            "{} loses on time ({:.3} s used, {:.3} s left)",
                                            side.name(),
                                            flag.used.as_secs_f64(),
                                            flag.left.as_secs_f64()
                                        ),
                                    ));
                                }
                            }
                            let pos = record.current().clone();
                            match kurier_wire::relay::parse_relayed(&pos, &text) {
                                Ok(mv) => {
                                    players[s].moved();
                                    let canonical = pos.format_move(mv);
                                    record.play(mv);
                                    moves.push(PlayedMove {
                                        text: canonical.clone(),
                                        comment: Some(move_comment(thinking, used)),
                                    });
                                    texts.push(canonical);
                                    streaks.record(side, thinking.map(|t| t.score), &adj);
                                    if adj.draw.is_some_and(|d| d.reset)
                                        && record.current().reversible_plies() == 0
                                    {
                                        // A capture or pawn move: the draw count starts again.
                                        streaks.drawish = [0, 0];
                                    }
                                    ponder(&mut *players[s], &record, &texts, &starts[s], clocks);
                                    break 'wait None;
                                }
                                Err(e) => {
                                    break 'wait Some(GameEnd::loss(
                                        side,
                                        Termination::RulesInfraction,
                                        format!(
                                            "{} makes an illegal move: {}",
                                            side.name(),
                                            move_error(&text, &e)
                                        ),
                                    ));
                                }
                            }
                        }
                        Reply::Thinking(t) => thinking = Some(t),
                        reply => {
                            if let Some(end) = judge(side, &reply, &texts) {
                                break 'wait Some(end);
                            }
                        }
                    }
                }
                Recv::Eof => {
                    players[s].mark_broken();
                    if interrupt.abandoned_within(CRASH_GRACE) {
                        break 'wait Some(GameEnd::interrupted());
                    }
                    break 'wait Some(GameEnd::loss(
                        side,
                        Termination::Abandoned,
                        format!("{} crashed (the engine exited)", side.name()),
                    ));
                }
                Recv::Timeout => {
                    if Instant::now() >= deadline {
                        if !heard {
                            // Silent for the whole move: most likely hung; a fresh process is
                            // quicker than waiting for a `stop` it will not answer.
                            players[s].mark_broken();
                        }
                        break 'wait Some(if clocked {
                            GameEnd::loss(
                                side,
                                Termination::TimeForfeit,
                                format!(
                                    "{} loses on time (no move within {:.3} s)",
                                    side.name(),
                                    allowance.as_secs_f64()
                                ),
                            )
                        } else {
                            GameEnd::loss(
                                side,
                                Termination::StalledConnection,
                                format!(
                                    "{} stalls: no move within {:.1} s",
                                    side.name(),
                                    allowance.as_secs_f64()
                                ),
                            )
                        });
                    }
                }
            }
            // The idle engine may resign, claim, reject the last move or crash meanwhile.
            loop {
                match players[o].try_recv() {
                    Recv::Line(line, _) => {
                        let reply = players[o].interpret(&line);
                        if let Reply::Move(m) = &reply {
                            log::warn!("{}: a move '{m}' out of turn is ignored", (!side).name());
                        }
                        if let Some(end) = judge(!side, &reply, &texts) {
                            break 'wait Some(end);
                        }
                    }
                    Recv::Eof => {
                        players[o].mark_broken();
                        if interrupt.abandoned_within(CRASH_GRACE) {
                            break 'wait Some(GameEnd::interrupted());
                        }
                        break 'wait Some(GameEnd::loss(
                            !side,
                            Termination::Abandoned,
                            format!("{} crashed (the engine exited)", (!side).name()),
                        ));
                    }
                    Recv::Timeout => break,
                }
            }
            if interrupt.abandoned() {
                break 'wait Some(GameEnd::interrupted());
            }
        };
        if let Some(end) = ended {
            break end;
        }
        if record.outcome().is_none() {
            let fullmove = (moves.len() / 2 + 1) as u32;
            if let Some(end) = streaks.verdict(&adj, fullmove) {
                break end;
            }
        }
    };
    // An interrupted game's engines are quit next: no point waiting for their search to stop.
    if end.is_finished() {
        finish(&mut players, &end);
    }
    Ok(report(moves, end, record.current().fen()))
}

/// Starts `player`'s ponder search on the reply it expects to its move, when it named one that
/// is legal and the game goes on.
fn ponder<G: Game>(
    player: &mut Player,
    record: &GameRecord<G>,
    texts: &[String],
    start: &GameStart,
    clocks: [Option<Clock>; 2],
) {
    let Some(guess) = player.ponder_move().map(str::to_string) else {
        return;
    };
    if record.outcome().is_some() {
        return;
    }
    let pos = record.current();
    let Ok(mv) = kurier_wire::relay::parse_relayed(pos, &guess) else {
        log::info!(
            "{}: ponder move '{guess}' is not legal; no pondering",
            player.spec().name
        );
        return;
    };
    let mut moves = texts.to_vec();
    moves.push(pos.format_move(mv));
    let request = MoveRequest {
        start,
        moves: &moves,
        clocks,
    };
    if let Err(e) = player.start_ponder(&request) {
        // Marked broken: its next move request fails and scores the crash.
        log::warn!("{}: cannot start pondering: {e}", player.spec().name);
    }
}

/// Tells both engines the result, stopping a search that still runs.
fn finish(players: &mut [&mut Player; 2], end: &GameEnd) {
    for p in players.iter_mut() {
        p.end_game(end.result_str(), &end.reason);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::{DrawRule, ResignRule};

    #[test]
    fn claims_and_resignations() {
        let moves = vec!["b2a3".to_string()];
        let end = judge(Color::White, &Reply::Resign, &moves).unwrap();
        assert_eq!(
            (end.winner(), end.termination),
            (Some(Color::Black), Termination::Normal)
        );
        let claim = |r: &str| Reply::Claim {
            result: r.into(),
            comment: "x".into(),
        };
        let end = judge(Color::Black, &claim("1-0"), &moves).unwrap();
        assert_eq!(end.winner(), Some(Color::White));
        assert!(end.reason.contains("resigns"));
        let end = judge(Color::Black, &claim("1/2-1/2"), &moves).unwrap();
        assert_eq!(
            (end.winner(), end.termination),
            (Some(Color::White), Termination::RulesInfraction)
        );
        let rejected = Reply::Rejected {
            mv: "b2a3".into(),
            line: "Illegal move: b2a3".into(),
        };
        assert_eq!(
            judge(Color::White, &rejected, &moves).unwrap().winner(),
            Some(Color::Black)
        );
        let other = Reply::Rejected {
            mv: "easy".into(),
            line: "Illegal move: easy".into(),
        };
        assert!(judge(Color::White, &other, &moves).is_none());
        assert!(judge(Color::White, &Reply::DrawOffer, &moves).is_none());
    }

    #[test]
    fn adjudication_streaks() {
        let adj = Adjudication {
            draw: Some(DrawRule {
                moves: 2,
                cp: 10,
                from: 0,
                reset: false,
            }),
            resign: Some(ResignRule {
                moves: 2,
                cp: 500,
                two_sided: true,
            }),
        };
        let mut s = Streaks::default();
        for _ in 0..2 {
            s.record(Color::White, Some(Score::Cp(5)), &adj);
            assert!(s.verdict(&adj, 1).is_none());
            s.record(Color::Black, Some(Score::Cp(-3)), &adj);
        }
        assert_eq!(
            s.verdict(&adj, 3).unwrap().termination,
            Termination::Adjudication
        );
        let mut s = Streaks::default();
        for _ in 0..2 {
            s.record(Color::White, Some(Score::Mate(3)), &adj);
            s.record(Color::Black, Some(Score::Cp(-800)), &adj);
        }
        assert_eq!(s.verdict(&adj, 3).unwrap().winner(), Some(Color::White));
        // A move without a score breaks the streak.
        s.record(Color::Black, None, &adj);
        assert!(s.verdict(&adj, 4).is_none());
        // One-sided: the loser's own score is enough.
        let one = Adjudication {
            draw: None,
            resign: Some(ResignRule {
                moves: 2,
                cp: 500,
                two_sided: false,
            }),
        };
        let mut s = Streaks::default();
        for _ in 0..2 {
            s.record(Color::White, Some(Score::Cp(0)), &one);
            s.record(Color::Black, Some(Score::Cp(-600)), &one);
        }
        assert_eq!(s.verdict(&one, 3).unwrap().winner(), Some(Color::White));
        assert!(
            s.verdict(&adj, 3).is_none(),
            "two-sided needs the winner's score too"
        );
    }

    #[test]
    fn comments() {
        let t = Thinking {
            score: Score::Cp(31),
            depth: Some(12),
        };
        assert_eq!(
            move_comment(Some(t), Duration::from_millis(520)),
            "+0.31/12 0.52s"
        );
        let t = Thinking {
            score: Score::Mate(-2),
            depth: None,
        };
        assert_eq!(move_comment(Some(t), Duration::ZERO), "-M2 0.00s");
        assert_eq!(
            Termination::from_pgn("Time forfeit"),
            Some(Termination::TimeForfeit)
        );
    }
}
