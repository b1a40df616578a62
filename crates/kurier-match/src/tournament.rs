//! The running of a match or tournament (its schedule: [`super::schedule`]).
//!
//! Games run on `concurrency` worker threads, each pausing `wait` between two games; each
//! worker keeps the engine processes of its current game running from game to game and replaces
//! a process that crashed, hung, missed a synchronisation or asked for a fresh start (with
//! `recover` off, a crash or stall instead ends the match after that game, as in cutechess-cli
//! without `-recover`). The main thread collects results, appends each game to the PGN and EPD
//! files as it finishes, shows progress on stderr, prints cutechess-cli's result lines every
//! `rating_interval` games ([`super::cutechess_lines`]), stops early when an SPRT decides, and
//! prints the tables on stdout at the end: Kurier's, then cutechess-cli's lines.
//!
//! An engine that cannot start — no such program, or it exits or hangs during the handshake,
//! at its first game or when it is restarted — ends the match with an error naming it, as in
//! cutechess-cli: no game is recorded for it (a game nobody played is no result), the games in
//! progress are played out, and the tables show the games played. An interrupted match
//! ([`super::interrupt`]) starts no new game, lets the games in progress end (or records them
//! as `*` once they are abandoned), prints the tables and reports [`MatchEnd::Interrupted`].
//!
//! With a state file ([`super::state`]) the schedule's identity and every finished game are
//! kept on disk (the PGN is written first, then the state); a run that continues one (the same
//! command again, or `--resume`) counts the games of the file and plays the others with the
//! openings and colours of the schedule, appending to the PGN. With `--shard K/N` only that
//! part of the game pairs is played ([`super::shard`]), every game keeping its number, opening
//! and colours; the SPRT of a shard alone does not stop it, the pooled SPRT of the shards'
//! state files does ([`super::pool`]). Every PGN game carries a `Schedule` tag with its
//! number and the schedule's shape, so that a merge can place it.

use super::arbiter::{self, ArbiterSettings, GameEnd, GameReport, Termination};
use super::cutechess_lines::{self, SprtStatus, Standing};
use super::interrupt::{Interrupt, Signal};
use super::notation;
use super::openings::{self, Opening};
use super::player::Player;
use super::pool::Pool;
use super::resume;
use super::schedule::{openings_wanted, schedule, schedule_tag, Job, Plan};
use super::settings::{EngineSpec, MatchOptions, OutputStyle};
use super::shard;
use super::state::{self, ScheduleId};
use super::stats::{self, sprt_bounds, sprt_verdict, Penta, SprtVerdict};
pub(crate) use super::tally::{sprt_llr, Summary, Tally};
use kurier_rules::pgn::{PgnGame, PgnMove};
use kurier_rules::with_game;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A finished game of the schedule.
struct Done {
    job: Job,
    report: GameReport,
}

/// What a worker tells the main thread.
enum Event {
    /// A game's engines are ready and its first move is asked for.
    Started(Job),
    /// A game ended.
    Done(Done),
}

/// What the workers share.
struct Shared<'a> {
    options: &'a MatchOptions,
    openings: &'a [Opening],
    settings: ArbiterSettings,
    jobs: Mutex<VecDeque<Job>>,
    stop: AtomicBool,
    fatal: Mutex<Option<String>>,
    interrupt: &'a Interrupt,
    /// With an SPRT: a worker that reported a game waits until the main thread has counted it
    /// (and seen whether the SPRT, or the shards' pooled SPRT, decided) before it takes the next.
    handoff: Option<Handoff>,
}

/// Games reported by the workers and games counted by the main thread.
#[derive(Default)]
struct Handoff {
    /// Games sent (under the lock, so that the numbers follow the channel's order).
    sent: Mutex<usize>,
    /// Games counted.
    counted: Mutex<usize>,
    changed: std::sync::Condvar,
}

impl Handoff {
    /// Sends `done`, then waits until the main thread has counted it; false when the main
    /// thread is gone.
    fn send(&self, tx: &mpsc::Sender<Event>, done: Done) -> bool {
        let ticket = {
            let mut sent = self.sent.lock().unwrap_or_else(|e| e.into_inner());
            if tx.send(Event::Done(done)).is_err() {
                return false;
            }
            *sent += 1;
            *sent
        };
        let mut counted = self.counted.lock().unwrap_or_else(|e| e.into_inner());
        while *counted < ticket {
            counted = self
                .changed
                .wait_timeout(counted, Duration::from_millis(200))
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        true
    }

    /// The main thread counted one more game.
    fn counted(&self) {
        *self.counted.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        self.changed.notify_all();
    }
}

impl Shared<'_> {
    /// True once no new game may start.
    fn stopping(&self) -> bool {
        self.stop.load(Ordering::SeqCst) || self.interrupt.requested().is_some()
    }

    fn next_job(&self) -> Option<Job> {
        if self.stopping() {
            return None;
        }
        self.jobs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .pop_front()
    }

    /// Ends the match with an error, unless it was interrupted first (then a failure while
    /// stopping is no reason to report one).
    fn give_up(&self, why: String) {
        self.stop.store(true, Ordering::SeqCst);
        if self.interrupt.requested().is_some() {
            log::warn!("{why}");
            return;
        }
        let mut fatal = self.fatal.lock().unwrap_or_else(|e| e.into_inner());
        fatal.get_or_insert(why);
    }
}

fn worker(shared: &Shared, done: mpsc::Sender<Event>) {
    let options = shared.options;
    let specs = &options.engines;
    let mut running: Vec<Option<Player>> = specs.iter().map(|_| None).collect();
    let mut first = true;
    'jobs: while let Some(job) = shared.next_job() {
        if !std::mem::take(&mut first) && !options.wait.is_zero() {
            // cutechess-cli's -wait: a pause between games, cut short by an interrupt.
            let until = Instant::now() + options.wait;
            while Instant::now() < until && !shared.stopping() {
                std::thread::sleep((until - Instant::now()).min(Duration::from_millis(50)));
            }
        }
        // Only the two engines of this game keep running.
        for (i, slot) in running.iter_mut().enumerate() {
            if i != job.white && i != job.black {
                if let Some(p) = slot.take() {
                    p.quit();
                }
            }
        }
        let opening = &shared.openings[job.opening];
        for idx in [job.white, job.black] {
            if let Some(p) = running[idx].as_mut() {
                if p.needs_restart() {
                    log::info!("{}: restarting the engine", specs[idx].name);
                    if let Some(p) = running[idx].take() {
                        p.quit();
                    }
                }
            }
            if running[idx].is_some() {
                continue;
            }
            match Player::start(&specs[idx], options.variant) {
                Ok(p) => running[idx] = Some(p),
                Err(e) => {
                    shared.give_up(format!("engine '{}' cannot start: {e}", specs[idx].name));
                    break 'jobs;
                }
            }
        }
        if shared.interrupt.requested().is_some() {
            // Interrupted while the engines started: the game has not begun.
            break;
        }
        let (Some(mut w), Some(mut b)) = (running[job.white].take(), running[job.black].take())
        else {
            shared.give_up("internal error: an engine is missing".to_string());
            break;
        };
        if done.send(Event::Started(job)).is_err() {
            break;
        }
        let limits = [specs[job.white].limits, specs[job.black].limits];
        let played = with_game!(options.variant, G => arbiter::play_game::<G>(
            [&mut w, &mut b],
            limits,
            [specs[job.white].time_margin, specs[job.black].time_margin]
                .map(|m| m.unwrap_or(options.time_margin)),
            opening,
            &shared.settings,
            shared.interrupt,
        ));
        running[job.white] = Some(w);
        running[job.black] = Some(b);
        let report = match played {
            Ok(report) => report,
            Err(e) => {
                shared.give_up(e.to_string());
                break;
            }
        };
        if !options.recover
            && matches!(
                report.end.termination,
                Termination::Abandoned | Termination::StalledConnection
            )
        {
            // cutechess-cli without -recover: a crash or stall ends the match after this game.
            shared.give_up(format!(
                "game {}: {}; restart crashed engines with -recover (--recover on)",
                job.number, report.end.reason
            ));
        }
        let sent = match &shared.handoff {
            Some(handoff) => handoff.send(&done, Done { job, report }),
            None => done.send(Event::Done(Done { job, report })).is_ok(),
        };
        if !sent {
            break;
        }
    }
    for p in running.into_iter().flatten() {
        p.quit();
    }
}

/// `m:ss` or `h:mm:ss`.
fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// Today's date (UTC) as PGN writes it, `YYYY.MM.DD`.
fn pgn_date() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The PGN of a finished game, its moves in `options.pgn_notation`
/// ([`notation::rewrite`]); with `pgn_minimal`, only the seven-tag roster, `SetUp`, `FEN` and
/// `Variant`, and no comments (cutechess-cli's `-pgnout FILE min`).
pub fn pgn_game(options: &MatchOptions, job: &Job, report: &GameReport, date: &str) -> PgnGame {
    let full = full_pgn_game(options, job, report, date);
    if !options.pgn_minimal {
        return full;
    }
    const KEPT: [&str; 10] = [
        "Event", "Site", "Date", "Round", "White", "Black", "Result", "SetUp", "FEN", "Variant",
    ];
    PgnGame {
        tags: full
            .tags
            .into_iter()
            .filter(|(t, _)| KEPT.contains(&t.as_str()))
            .collect(),
        moves: full
            .moves
            .into_iter()
            .map(|m| PgnMove {
                comments: Vec::new(),
                ..m
            })
            .collect(),
        result_comment: None,
        ..full
    }
}

fn full_pgn_game(options: &MatchOptions, job: &Job, report: &GameReport, date: &str) -> PgnGame {
    let (w, b) = (&options.engines[job.white], &options.engines[job.black]);
    let mut tags = vec![
        ("Event".to_string(), options.event.clone()),
        ("Site".to_string(), "?".to_string()),
        ("Date".to_string(), date.to_string()),
        (
            "Round".to_string(),
            format!("{}.{}", job.round, job.in_round),
        ),
        ("White".to_string(), w.name.clone()),
        ("Black".to_string(), b.name.clone()),
        ("Result".to_string(), report.end.result_str().to_string()),
        ("Variant".to_string(), options.variant.name().to_string()),
    ];
    if !report.default_start {
        tags.push(("SetUp".to_string(), "1".to_string()));
        tags.push(("FEN".to_string(), report.start_fen.clone()));
    }
    let tc = |s: &EngineSpec| s.limits.tc.map_or("-".to_string(), |tc| tc.to_string());
    if tc(w) == tc(b) {
        tags.push(("TimeControl".to_string(), tc(w)));
    } else {
        tags.push(("WhiteTimeControl".to_string(), tc(w)));
        tags.push(("BlackTimeControl".to_string(), tc(b)));
    }
    let plain_tc = |s: &EngineSpec| s.limits.search.is_empty();
    if !(plain_tc(w) && plain_tc(b)) {
        tags.push(("WhiteLimits".to_string(), w.limits.to_string()));
        tags.push(("BlackLimits".to_string(), b.limits.to_string()));
    }
    tags.push((
        "Termination".to_string(),
        report.end.termination.pgn_name().to_string(),
    ));
    tags.push(("PlyCount".to_string(), report.moves.len().to_string()));
    // Where the game is in the schedule, for a merge of the PGN files of shards.
    tags.push((
        "Schedule".to_string(),
        schedule_tag(&Plan::of(options), job),
    ));
    let played: Vec<String> = report.moves.iter().map(|m| m.text.clone()).collect();
    let texts = notation::rewrite(
        options.variant,
        &report.start_fen,
        &played,
        options.pgn_notation,
    );
    PgnGame {
        tags,
        moves: report
            .moves
            .iter()
            .zip(texts)
            .map(|(m, text)| PgnMove {
                text,
                comments: m.comment.iter().cloned().collect(),
            })
            .collect(),
        result: report.end.result_str().to_string(),
        result_comment: Some(report.end.reason.clone()),
        line: 0,
    }
}

/// `[played/total] A 3.5-2.5 B (+2 =3 -1), elapsed 0:12, ETA 0:30`; the ETA from the games
/// played by this run (not those `restored` from a state file).
fn progress_line(
    options: &MatchOptions,
    tally: &Tally,
    total: usize,
    restored: usize,
    start: Instant,
) -> String {
    let elapsed = start.elapsed();
    let now = tally.played.saturating_sub(restored);
    let eta = if now == 0 {
        "?".to_string()
    } else {
        let per = elapsed.as_secs_f64() / now as f64;
        clock_text(Duration::from_secs_f64(
            per * total.saturating_sub(tally.played) as f64,
        ))
    };
    let score = if options.engines.len() == 2 {
        let w = tally.pairs.get(&(0, 1)).copied().unwrap_or_default();
        format!(
            " {} {:.1}-{:.1} {} (+{} ={} -{}),",
            options.engines[0].name,
            w.points(),
            w.flipped().points(),
            options.engines[1].name,
            w.wins,
            w.draws,
            w.losses
        )
    } else {
        String::new()
    };
    format!(
        "[{}/{total}]{score} elapsed {}, ETA {eta}",
        tally.played,
        clock_text(elapsed)
    )
}

/// The final tables.
pub(crate) fn print_tables(
    out: &mut (impl Write + ?Sized),
    summary: &Summary,
    tally: &Tally,
    sprt_note: Option<String>,
) -> std::io::Result<()> {
    let names: Vec<&str> = summary.names.iter().map(String::as_str).collect();
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    writeln!(
        out,
        "{:<width$}  {:<width$}  {:>5} {:>5} {:>5} {:>5} {:>7}  {:>17}  {:>6}",
        "Engine", "Opponent", "Games", "W", "D", "L", "Score", "Elo diff (95%)", "LOS"
    )?;
    for (&(a, b), wdl) in &tally.pairs {
        writeln!(
            out,
            "{:<width$}  {:<width$}  {:>5} {:>5} {:>5} {:>5} {:>6.1}%  {:>7} ± {:<7}  {:>5.1}%",
            names[a],
            names[b],
            wdl.games(),
            wdl.wins,
            wdl.draws,
            wdl.losses,
            100.0 * wdl.score(),
            stats::signed(wdl.elo()),
            stats::unsigned(wdl.elo_error()),
            100.0 * wdl.los()
        )?;
    }
    if names.len() > 2 {
        writeln!(out)?;
        writeln!(
            out,
            "{:>4}  {:<width$}  {:>5} {:>7} {:>7}",
            "Rank", "Engine", "Games", "Points", "Score"
        )?;
        let mut order: Vec<usize> = (0..names.len()).collect();
        order.sort_by(|&x, &y| {
            tally.engines[y]
                .points()
                .total_cmp(&tally.engines[x].points())
        });
        for (rank, &i) in order.iter().enumerate() {
            let e = &tally.engines[i];
            writeln!(
                out,
                "{:>4}  {:<width$}  {:>5} {:>7.1} {:>6.1}%",
                rank + 1,
                names[i],
                e.games(),
                e.points(),
                100.0 * e.score()
            )?;
        }
    }
    if summary.paired {
        for (&pair, penta) in &tally.penta {
            writeln!(out, "{}", penta_line(&names, pair, penta))?;
        }
    }
    let terms: Vec<String> = tally
        .terminations
        .iter()
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    writeln!(out)?;
    writeln!(
        out,
        "{} games; terminations: {}",
        tally.played,
        if terms.is_empty() {
            "none".to_string()
        } else {
            terms.join(", ")
        }
    )?;
    if let Some(note) = sprt_note {
        writeln!(out, "{note}")?;
    }
    Ok(())
}

/// Where the SPRT stands, for cutechess-cli's `SPRT:` line.
fn sprt_status(summary: &Summary, tally: &Tally) -> Option<SprtStatus> {
    let p = summary.sprt?;
    let (lower, upper) = sprt_bounds(&p);
    let llr = sprt_llr(summary, tally, &p);
    Some(SprtStatus {
        llr,
        lower,
        upper,
        verdict: sprt_verdict(llr, &p),
    })
}

/// Each engine's results so far, by colour.
fn standings(summary: &Summary, tally: &Tally) -> Vec<Standing> {
    summary
        .names
        .iter()
        .zip(&tally.colours)
        .map(|(name, [white, black])| Standing {
            name: name.clone(),
            white: *white,
            black: *black,
        })
        .collect()
}

/// cutechess-cli's result lines for the games so far, `Score of` first, as Kurier's own
/// output shows them.
pub(crate) fn cutechess_results(summary: &Summary, tally: &Tally) -> String {
    let standings = standings(summary, tally);
    cutechess_lines::results(
        &standings,
        summary.gauntlet,
        sprt_status(summary, tally),
        true,
    )
}

/// The lines cutechess-cli prints on stdout ([`OutputStyle::Cutechess`]) for the events of a
/// match.
struct CutechessOut<'a> {
    summary: &'a Summary,
    /// Games in the whole schedule (`Started game N of M`).
    total: usize,
}

impl CutechessOut<'_> {
    /// `Started game N of M (A vs B)`.
    fn started(&self, job: &Job) -> String {
        let names = &self.summary.names;
        let line =
            cutechess_lines::started(job.number, self.total, &names[job.white], &names[job.black]);
        format!("{line}\n")
    }

    /// `Finished game N (A vs B): 1-0 {White mates}` and, for two engines, `Score of`.
    fn finished(&self, job: &Job, end: &GameEnd, tally: &Tally) -> String {
        let names = &self.summary.names;
        let mut text =
            cutechess_lines::finished(job.number, &names[job.white], &names[job.black], end);
        text.push('\n');
        if let [a, b] = standings(self.summary, tally).as_slice() {
            text.push_str(&cutechess_lines::score_line(a, b));
            text.push('\n');
        }
        text
    }

    /// The results of a rating interval or the end (no `Score of`: the game's line has it),
    /// the SPRT line even without an SPRT, as cutechess-cli 1.5.1 prints it.
    fn results(&self, tally: &Tally) -> String {
        let sprt = sprt_status(self.summary, tally).unwrap_or(SprtStatus::NONE);
        let standings = standings(self.summary, tally);
        cutechess_lines::results(&standings, self.summary.gauntlet, Some(sprt), false)
    }

    /// The outcomes and `Finished match`, after the results.
    fn end(&self, tally: &Tally) -> String {
        let players: Vec<(String, BTreeMap<String, u32>)> = self
            .summary
            .names
            .iter()
            .cloned()
            .zip(tally.outcomes.iter().cloned())
            .collect();
        format!("{}Finished match\n", cutechess_lines::outcomes(&players))
    }
}

/// The pentanomial line of a pair of engines: `Ptnml(0-2): [LL, LD, DD+WL, WD, WW]` (the
/// fastchess form) with the Elo difference from the pairs.
fn penta_line(names: &[&str], pair: (usize, usize), penta: &Penta) -> String {
    let c = penta.counts;
    format!(
        "{} vs {}: Ptnml(0-2): [{}, {}, {}, {}, {}], {} pairs, Elo {} ± {} (pairs)",
        names[pair.0],
        names[pair.1],
        c[0],
        c[1],
        c[2],
        c[3],
        c[4],
        penta.pairs(),
        stats::signed(penta.elo()),
        stats::unsigned(penta.elo_error())
    )
}

/// Where and how the SPRT crossed a bound during a match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Decision {
    /// H0 or H1.
    verdict: SprtVerdict,
    /// The LLR at that game.
    llr: f64,
    /// Games finished then.
    games: usize,
}

impl Decision {
    /// The decision the tally shows now, if it shows one.
    fn of(summary: &Summary, tally: &Tally) -> Option<Decision> {
        let p = summary.sprt?;
        let llr = sprt_llr(summary, tally, &p);
        let verdict = sprt_verdict(llr, &p);
        (verdict != SprtVerdict::Continue).then_some(Decision {
            verdict,
            llr,
            games: tally.played,
        })
    }
}

/// The SPRT line of Kurier's tables. `decision`: the bound the LLR crossed during the match, if
/// it did; it stands even when the games in progress then moved the final LLR back inside.
pub(crate) fn sprt_text(
    summary: &Summary,
    tally: &Tally,
    decision: Option<Decision>,
) -> Option<String> {
    let p = summary.sprt?;
    let (lo, hi) = sprt_bounds(&p);
    let llr = sprt_llr(summary, tally, &p);
    let model = if summary.paired {
        "pentanomial"
    } else {
        "trinomial"
    };
    let name = |v: SprtVerdict| match v {
        SprtVerdict::Continue => "no decision yet",
        SprtVerdict::H0 => "H0 accepted",
        SprtVerdict::H1 => "H1 accepted",
    };
    let verdict = match decision {
        Some(d) if d.games != tally.played || sprt_verdict(llr, &p) != d.verdict => format!(
            "{} at game {} (LLR {:.2}; the games then in progress moved it to {:.2})",
            name(d.verdict),
            d.games,
            d.llr,
            llr
        ),
        Some(d) => name(d.verdict).to_string(),
        None => name(sprt_verdict(llr, &p)).to_string(),
    };
    Some(format!(
        "SPRT ({model}): elo0 {} elo1 {} alpha {} beta {}: LLR {:.2} [{:.2}, {:.2}], {verdict}",
        p.elo0, p.elo1, p.alpha, p.beta, llr, lo, hi
    ))
}

/// Why a match could not be played to its end.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// The openings could not be loaded.
    #[error(transparent)]
    Openings(#[from] openings::OpeningsError),
    /// The PGN file could not be opened.
    #[error("cannot open {path}: {source}")]
    Pgn {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The state file cannot be used (`--resume` of another match, an unfinished match's state
    /// in the way) or written.
    #[error(transparent)]
    State(#[from] state::StateError),
    /// The match was given up (an engine that cannot start, a PGN that cannot be written).
    #[error("the match stopped: {0}")]
    Stopped(String),
    /// The tables could not be written.
    #[error("{0}")]
    Output(#[from] std::io::Error),
}

/// How a match ended that was not given up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchEnd {
    /// Every game was played, or the SPRT decided.
    Complete,
    /// A signal stopped it; the tables show the games finished until then.
    Interrupted(Signal),
}

/// The state of the run at its start ([`resume::start`]): a fresh one, or that of `--resume
/// FILE` or of an existing state file, checked against the command line; the openings file's
/// bytes are hashed into the schedule's identity.
fn initial_state(
    options: &MatchOptions,
    openings: usize,
    total: usize,
) -> Result<resume::Start, TournamentError> {
    let bytes = match &options.openings {
        Some(spec) => Some(
            kurier_wire::input_file::read_capped(&spec.file, openings::MAX_OPENINGS_BYTES)
                .map_err(|source| openings::OpeningsError::Read {
                    path: spec.file.clone(),
                    source,
                })?,
        ),
        None => None,
    };
    let id = ScheduleId::of(options, bytes.as_deref(), openings, total);
    Ok(resume::start(id, options)?)
}

/// Runs the match; the tables go to `out`, progress to stderr. Once `interrupt` is set no new
/// game starts; once it abandons the games in progress they stop unfinished. With
/// `options.state` the state file is written at the start and after every finished game; with
/// `options.resume` the games it holds are counted and not played again.
pub fn run(
    options: &MatchOptions,
    interrupt: &Interrupt,
    out: &mut impl Write,
) -> Result<MatchEnd, TournamentError> {
    let openings = openings::load(options.variant, options.openings.as_ref(), options.seed)?;
    let all_jobs = schedule(&Plan::of(options), openings.len());
    let resume::Start {
        state: mut saved,
        resumed: resumed_from,
    } = initial_state(options, openings.len(), all_jobs.len())?;
    let mine = shard::select(&all_jobs, options.shard);
    let total = mine.len();
    let summary = Summary::of(options);
    let mut tally = Tally::new(options.engines.len());
    let state_path = options.state.as_ref();
    let finished: BTreeSet<usize> = saved.finished.iter().map(|g| g.game).collect();
    // The checked reader (state_check) has placed every game of the file in this run's part of
    // the schedule, once, with a result.
    for game in &saved.finished {
        if let (Some(job), Some(end)) = (all_jobs.get(game.game.wrapping_sub(1)), game.end()) {
            tally.add(job, &end);
        }
    }
    let restored = tally.played;
    // A shard's own SPRT does not stop it: the pooled SPRT of the shards' state files does.
    let sprt_stops = options.shard.is_none();
    let decided = |tally: &Tally| {
        sprt_stops
            && summary.sprt.is_some_and(|p| {
                sprt_verdict(sprt_llr(&summary, tally, &p), &p) != SprtVerdict::Continue
            })
    };
    let pool = Pool::of(options);
    let mut pooled = pool
        .as_ref()
        .and_then(|p| p.decide(&summary, &saved, &all_jobs));
    if let Some(d) = &pooled {
        eprintln!("kurier match: shard {}: {d}: nothing to play", d.shard);
    }
    let jobs: Vec<Job> = if decided(&tally) || pooled.is_some() {
        Vec::new()
    } else {
        mine.iter()
            .filter(|j| !finished.contains(&j.number))
            .copied()
            .collect()
    };
    if let Some(path) = state_path {
        saved.complete = jobs.is_empty();
        saved.write(path)?;
    }
    let append = |path: &Option<std::path::PathBuf>| match path {
        Some(path) => std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map(Some)
            .map_err(|source| TournamentError::Pgn {
                path: path.clone(),
                source,
            }),
        None => Ok(None),
    };
    let mut pgn_file = append(&options.pgn)?;
    let mut epd_file = append(&options.epd)?;
    let to_play = jobs.len();
    let shared = Shared {
        options,
        openings: &openings,
        settings: ArbiterSettings {
            variant: options.variant,
            move_timeout: options.move_timeout,
            adjudication: options.adjudication,
            max_moves: options.max_moves,
        },
        jobs: Mutex::new(jobs.into()),
        stop: AtomicBool::new(false),
        fatal: Mutex::new(None),
        interrupt,
        handoff: summary.sprt.map(|_| Handoff::default()),
    };
    let start = Instant::now();
    let date = pgn_date();
    let tty = std::io::stderr().is_terminal();
    let workers = options.concurrency.min(to_play).max(1);
    let part = match options.shard {
        Some(shard) => format!(" (shard {shard}: {total} of {} games)", all_jobs.len()),
        None => String::new(),
    };
    let resumed = match &resumed_from {
        Some(path) => format!(
            "; resuming {}: {restored} played, {to_play} to play",
            path.display()
        ),
        None => String::new(),
    };
    eprintln!(
        "kurier match: {} {}, {total} games{part}, {} at once{resumed}",
        options.variant,
        options
            .engines
            .iter()
            .map(|e| format!("{} ({})", e.name, e.limits))
            .collect::<Vec<_>>()
            .join(" vs "),
        workers
    );
    let wanted = openings_wanted(&Plan::of(options));
    if options.openings.is_some() && wanted > openings.len() {
        eprintln!(
            "kurier match: warning: {wanted} openings wanted, {} in the file: they repeat, and \
             at fixed nodes so do the games (use a larger file)",
            openings.len()
        );
    }
    let mut write_error = None;
    let mut unfinished = 0;
    // stdout carries cutechess-cli's lines, game by game, and Kurier's tables go to stderr.
    let cute = (options.output == OutputStyle::Cutechess).then_some(CutechessOut {
        summary: &summary,
        total: all_jobs.len(),
    });
    // The SPRT's verdict at the game that crossed a bound: the games then in progress still end
    // and count, and may move the LLR back inside the bounds, but the test was decided there
    // (as fishtest and fastchess report it).
    let mut decision = decided(&tally)
        .then(|| Decision::of(&summary, &tally))
        .flatten();
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Event>();
        for _ in 0..workers {
            let tx = tx.clone();
            let shared = &shared;
            scope.spawn(move || worker(shared, tx));
        }
        drop(tx);
        let mut say = |text: String, write_error: &mut Option<String>| {
            if let Err(e) = out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
                write_error.get_or_insert(format!("cannot write the results: {e}"));
            }
        };
        for event in rx {
            let done = match event {
                Event::Started(job) => {
                    if let Some(cute) = &cute {
                        say(cute.started(&job), &mut write_error);
                    }
                    continue;
                }
                Event::Done(done) => done,
            };
            if done.report.end.is_finished() {
                tally.add(&done.job, &done.report.end);
            } else {
                unfinished += 1;
            }
            if let Some(cute) = &cute {
                say(
                    cute.finished(&done.job, &done.report.end, &tally),
                    &mut write_error,
                );
            }
            let (w, b) = (
                &options.engines[done.job.white].name,
                &options.engines[done.job.black].name,
            );
            let game_line = format!(
                "game {}/{}: {w} - {b} {} {{{}}}",
                done.job.number,
                all_jobs.len(),
                done.report.end.result_str(),
                done.report.end.reason
            );
            let progress = progress_line(options, &tally, total, restored, start);
            if tty {
                eprint!("\r\x1b[K{game_line}\n{progress}");
            } else {
                eprintln!("{game_line}\n{progress}");
            }
            // The PGN first, then the state: a run killed in between has the game in the PGN
            // but not in the state, and plays it again when resumed (a merge of the PGN counts
            // the last copy of a game).
            let skip_pgn = options.pgn_finished_only && !done.report.end.is_finished();
            if let Some(f) = pgn_file.as_mut().filter(|_| !skip_pgn) {
                let text = pgn_game(options, &done.job, &done.report, &date).write();
                if let Err(e) = f.write_all(text.as_bytes()).and_then(|_| f.flush()) {
                    write_error.get_or_insert(format!("cannot write the PGN: {e}"));
                    shared.stop.store(true, Ordering::SeqCst);
                }
            }
            if let Some(f) = epd_file.as_mut() {
                let line = format!("{}\n", done.report.end_fen);
                if let Err(e) = f.write_all(line.as_bytes()).and_then(|_| f.flush()) {
                    write_error.get_or_insert(format!("cannot write the EPD file: {e}"));
                    shared.stop.store(true, Ordering::SeqCst);
                }
            }
            if let Some(path) = state_path.filter(|_| done.report.end.is_finished()) {
                saved.record(done.job.number, &done.report.end);
                if let Err(e) = saved.write(path) {
                    write_error.get_or_insert(e.to_string());
                    shared.stop.store(true, Ordering::SeqCst);
                }
            }
            if let Some(n) = options.rating_interval {
                if done.report.end.is_finished() && tally.played.is_multiple_of(n as usize) {
                    let text = match &cute {
                        Some(cute) => cute.results(&tally),
                        None => cutechess_results(&summary, &tally),
                    };
                    say(text, &mut write_error);
                }
            }
            if decision.is_none() && decided(&tally) {
                decision = Decision::of(&summary, &tally);
                if !shared.stop.swap(true, Ordering::SeqCst) {
                    log::info!("the SPRT has decided; no new games are started");
                }
            }
            if let Some(pool) = pool.as_ref().filter(|_| pooled.is_none()) {
                pooled = pool.decide(&summary, &saved, &all_jobs);
                if let Some(d) = pooled.as_ref() {
                    shared.stop.store(true, Ordering::SeqCst);
                    eprintln!("kurier match: shard {}: {d}: no new games", d.shard);
                }
            }
            if let Some(handoff) = &shared.handoff {
                handoff.counted();
            }
        }
    });
    if tty {
        eprintln!();
    }
    let fatal = shared
        .fatal
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take()
        .or(write_error);
    let complete = fatal.is_none()
        && interrupt.requested().is_none()
        && (tally.played == total || decision.is_some() || pooled.is_some());
    let final_state = match state_path.filter(|_| complete) {
        Some(path) => {
            saved.complete = true;
            saved.write(path)
        }
        None => Ok(()),
    };
    // Kurier's own lines: on stderr when stdout carries cutechess-cli's.
    let mut stderr = std::io::stderr();
    let kurier: &mut dyn Write = if cute.is_some() {
        &mut stderr
    } else {
        &mut *out
    };
    writeln!(
        kurier,
        "Results: {} {}, {} of {total} games played in {}",
        options.variant,
        options
            .engines
            .iter()
            .map(|e| e.limits.to_string())
            .collect::<Vec<_>>()
            .join(" vs "),
        tally.played,
        clock_text(start.elapsed())
    )?;
    let sprt_note = sprt_text(&summary, &tally, decision).map(|t| match options.shard {
        Some(shard) => format!("{t} (shard {shard} alone: the SPRT of the merged shards decides)"),
        None => t,
    });
    print_tables(kurier, &summary, &tally, sprt_note)?;
    // cutechess-cli's lines at the end, unless the last interval printed them just now — or,
    // as cutechess-cli 1.5.1 has it (EngineMatch::onTournamentFinished), no game finished: 0 is
    // a multiple of the interval too.
    let printed = options.rating_interval.is_some_and(|n| {
        (tally.played > restored || tally.played == 0) && tally.played.is_multiple_of(n as usize)
    });
    if cute.is_none() && !printed {
        writeln!(kurier)?;
        kurier.write_all(cutechess_results(&summary, &tally).as_bytes())?;
    }
    if let Some(cute) = &cute {
        if !printed {
            out.write_all(cute.results(&tally).as_bytes())?;
        }
        out.write_all(cute.end(&tally).as_bytes())?;
        out.flush()?;
    }
    let kurier: &mut dyn Write = if cute.is_some() {
        &mut stderr
    } else {
        &mut *out
    };
    // Kurier's own line: on stdout under Kurier's syntax, beside the tables on stderr under
    // cutechess-cli's (whose stdout carries cutechess's lines only).
    if let Some(d) = &pooled {
        writeln!(kurier, "Shard {} stopped: {d}", d.shard)?;
    }
    if let Some(signal) = interrupt.requested() {
        let games = |n: usize| if n == 1 { "game" } else { "games" };
        let unplayed = total - tally.played - unfinished;
        let abandoned = if unfinished > 0 {
            format!(
                ", {unfinished} {} in progress abandoned (* in the PGN)",
                games(unfinished)
            )
        } else {
            String::new()
        };
        writeln!(
            kurier,
            "Interrupted by {}: {unplayed} {} not played{abandoned}",
            signal.name(),
            games(unplayed),
        )?;
    }
    if !complete {
        match state_path {
            Some(path) => writeln!(
                kurier,
                "State: {} ({} of {total} games finished); the same command plays the rest",
                path.display(),
                tally.played,
            )?,
            None => writeln!(
                kurier,
                "No state file: with --pgn FILE or --state FILE a stopped match can be resumed"
            )?,
        }
    }
    if let Some(e) = fatal {
        return Err(TournamentError::Stopped(e));
    }
    final_state?;
    match interrupt.requested() {
        Some(signal) => Ok(MatchEnd::Interrupted(signal)),
        None => Ok(MatchEnd::Complete),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arbiter::GameResult;
    use crate::settings::{SprtParams, TournamentKind};
    use kurier_rules::game::Color;

    #[test]
    fn tally_from_each_side() {
        let mut t = Tally::new(2);
        let plan = Plan {
            kind: TournamentKind::RoundRobin,
            engines: 2,
            games: 2,
            rounds: 2,
            repeat: 2,
            swap: true,
        };
        let jobs = schedule(&plan, 2);
        let win = |c| GameEnd {
            result: GameResult::Win(c),
            termination: Termination::Normal,
            reason: String::new(),
        };
        t.add(&jobs[0], &win(Color::White));
        t.add(&jobs[1], &win(Color::White));
        let w = t.pairs[&(0, 1)];
        assert_eq!((w.wins, w.losses), (1, 1));
        assert_eq!(t.engines[1].wins, 1);
        // The two games of the first opening make one pair, split 1-1.
        assert_eq!(t.penta[&(0, 1)].counts, [0, 0, 1, 0, 0]);
        // Round 2, out of order: its second game first; the pair counts once both are in.
        let draw = GameEnd {
            result: GameResult::Draw,
            termination: Termination::Normal,
            reason: String::new(),
        };
        t.add(&jobs[3], &draw);
        assert_eq!(t.penta[&(0, 1)].pairs(), 1);
        // Engine 0 has White in game 3 of the schedule and wins: with the draw, 1½ points.
        assert_eq!((jobs[2].white, jobs[2].opening), (0, jobs[3].opening));
        t.add(&jobs[2], &win(Color::White));
        assert_eq!(t.penta[&(0, 1)].counts, [0, 0, 1, 1, 0]);
        // By colour: engine 0 won with White twice (games 1 and 3) and lost with Black once.
        assert_eq!(t.colours[0][0].wins, 2);
        assert_eq!(t.colours[0][1].losses, 1);
        assert_eq!(t.colours[1][0].draws, 1);
        assert_eq!(clock_text(Duration::from_secs(3725)), "1:02:05");
        assert_eq!(pgn_date().len(), 10);
    }

    #[test]
    fn a_decision_stands_when_the_games_in_progress_move_the_llr_back() {
        let summary = Summary {
            names: vec!["new".into(), "base".into()],
            gauntlet: false,
            paired: false,
            sprt: Some(SprtParams {
                elo0: 0.0,
                elo1: 10.0,
                alpha: 0.05,
                beta: 0.05,
            }),
        };
        let plan = Plan {
            kind: TournamentKind::RoundRobin,
            engines: 2,
            games: 1,
            rounds: 2000,
            repeat: 1,
            swap: false,
        };
        let jobs = schedule(&plan, 2);
        let end = |result| GameEnd {
            result,
            termination: Termination::Normal,
            reason: String::new(),
        };
        // Engine 0 plays White in every game here: White wins are its wins.
        let mut tally = Tally::new(2);
        let mut next = 0;
        let mut decision = None;
        while decision.is_none() {
            let result = if next % 3 == 2 {
                GameResult::Win(Color::Black)
            } else {
                GameResult::Win(Color::White)
            };
            tally.add(&jobs[next], &end(result));
            next += 1;
            decision = Decision::of(&summary, &tally);
        }
        let d = decision.unwrap();
        assert_eq!(d.verdict, SprtVerdict::H1);
        assert_eq!(
            sprt_text(&summary, &tally, decision).unwrap(),
            format!(
                "SPRT (trinomial): elo0 0 elo1 10 alpha 0.05 beta 0.05: LLR {:.2} [-2.94, 2.94], \
                 H1 accepted",
                d.llr
            )
        );
        // A game that was in progress ends in a loss and takes the LLR back inside the bounds:
        // the test was still decided at the game that crossed.
        tally.add(&jobs[next], &end(GameResult::Win(Color::Black)));
        let p = summary.sprt.unwrap();
        let after = sprt_llr(&summary, &tally, &p);
        assert_eq!(sprt_verdict(after, &p), SprtVerdict::Continue);
        let text = sprt_text(&summary, &tally, decision).unwrap();
        assert!(
            text.ends_with(&format!(
                "H1 accepted at game {} (LLR {:.2}; the games then in progress moved it to {after:.2})",
                d.games, d.llr
            )),
            "{text}"
        );
        assert!(sprt_text(&summary, &tally, None)
            .unwrap()
            .ends_with("no decision yet"));
    }
}
