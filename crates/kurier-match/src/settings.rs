//! The settings of a match, as the runner uses them: the engines ([`EngineSpec`] with its
//! [`Protocol`] and [`Limits`]), score [`Adjudication`], the [`SprtParams`], the openings and the
//! whole [`MatchOptions`]; [`MatchCommand`] is what `kurier match` was asked to do. They are
//! read from the command line by [`super::match_args`]; every other file of the crate only
//! reads them.

use super::notation::PgnNotation;
use kurier_rules::games::Variant;
use kurier_wire::time_control::format_seconds;
use kurier_wire::{SearchLimits, TimeControl};
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI (with the Fairy-Stockfish `UCI_Variant` convention).
    Uci,
    /// XBoard / CECP version 2.
    Xboard,
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Protocol::Uci => "uci",
            Protocol::Xboard => "xboard",
        })
    }
}

/// How long an engine may think: a clock kept by the runner, a fixed time per move, a depth or
/// a node count; any combination, at least one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// A clock kept by the runner (`inf` sets none).
    pub tc: Option<TimeControl>,
    /// The fixed time (`st`, UCI `movetime`), depth and node limits (UCI only) per move.
    pub search: SearchLimits,
}

impl Limits {
    /// True when no limit is set. `tc=inf` is one, as in cutechess-cli: the engine thinks until
    /// it moves (UCI `go infinite` when no other limit is set), within the move timeout.
    pub fn is_empty(&self) -> bool {
        self.tc.is_none() && self.search.is_empty()
    }
}

impl fmt::Display for Limits {
    /// `tc=40/60+0.5 depth=3`: the limits as engine-spec keys.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(tc) = self.tc {
            parts.push(format!("tc={tc}"));
        }
        if let Some(st) = self.search.movetime {
            parts.push(format!("st={}", format_seconds(st)));
        }
        if let Some(d) = self.search.depth {
            parts.push(format!("depth={d}"));
        }
        if let Some(n) = self.search.nodes {
            parts.push(format!("nodes={n}"));
        }
        f.write_str(&parts.join(" "))
    }
}

/// One engine of the match, with every key resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// Name in the tables and the PGN.
    pub name: String,
    /// Program and arguments.
    pub cmd: Vec<String>,
    /// Working directory.
    pub dir: Option<PathBuf>,
    /// Protocol.
    pub protocol: Protocol,
    /// Engine options in the order given: UCI `setoption`, XBoard `option`.
    pub options: Vec<(String, String)>,
    /// Lines sent after the handshake.
    pub init: Vec<String>,
    /// The engine's own name for the game, when it differs from Kurier's.
    pub variant: Option<String>,
    /// How long it may think.
    pub limits: Limits,
    /// When the process is replaced between games.
    pub restart: RestartMode,
    /// Think on the opponent's time: UCI `go ponder`/`ponderhit`, XBoard `hard`.
    pub ponder: bool,
    /// Lateness accepted after its flag falls; the match's `time_margin` when `None`.
    pub time_margin: Option<Duration>,
}

/// When an engine's process is replaced by a fresh one between games (cutechess-cli's
/// `restart=auto|on|off`). A process that crashed, hung or missed a synchronisation is replaced
/// in every mode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RestartMode {
    /// As the engine asks: XBoard `feature reusable=0` gets a fresh process per game.
    #[default]
    Auto,
    /// A fresh process for every game.
    On,
    /// The same process for every game, even if the engine asked otherwise.
    Off,
}

/// Draw adjudication: both engines' scores within `cp` for `moves` moves each, from move `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// Consecutive moves of each side.
    pub moves: u32,
    /// Largest absolute score, centipawns.
    pub cp: i32,
    /// First full-move number from which the rule applies.
    pub from: u32,
    /// A capture or pawn move (any move that resets the game's reversible-move counter)
    /// starts the count again, as in cutechess-cli's `-draw`.
    pub reset: bool,
}

/// Resign adjudication: one engine's own score at most `-cp` for `moves` moves, and (when
/// `two_sided`) its opponent's at least `cp` for as many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Consecutive moves of each side.
    pub moves: u32,
    /// Score threshold, centipawns.
    pub cp: i32,
    /// The winner's score must agree (Kurier's default; cutechess-cli's `twosided=true`).
    pub two_sided: bool,
}

/// Score-based adjudication.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// Draw rule, if any.
    pub draw: Option<DrawRule>,
    /// Resign rule, if any.
    pub resign: Option<ResignRule>,
}

/// A sequential probability ratio test between two Elo hypotheses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtParams {
    /// Elo difference of H0.
    pub elo0: f64,
    /// Elo difference of H1.
    pub elo1: f64,
    /// Type I error (accepting H1 when H0 holds).
    pub alpha: f64,
    /// Type II error.
    pub beta: f64,
}

// The parser accepts only finite numbers, so equality is an equivalence.
impl Eq for SprtParams {}

/// In which order openings are used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningOrder {
    /// As in the file.
    Sequential,
    /// Shuffled once with the seed.
    Random,
}

/// How an openings file is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningFormat {
    /// One FEN or EPD position per line.
    Epd,
    /// PGN games; their moves are played.
    Pgn,
}

/// The openings file and how to use it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningsSpec {
    /// FEN/EPD lines or PGN games.
    pub file: PathBuf,
    /// How to read it; from its name and first line when `None`.
    pub format: Option<OpeningFormat>,
    /// Order.
    pub order: OpeningOrder,
    /// Use at most this many plies of a PGN opening.
    pub plies: Option<usize>,
    /// The number (from 1) of the first opening, in the file's order: the list starts there
    /// and wraps around (cutechess-cli's `start=`).
    pub start: usize,
}

/// Who meets whom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum TournamentKind {
    /// Every engine against every other.
    #[default]
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

impl fmt::Display for TournamentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TournamentKind::RoundRobin => "round-robin",
            TournamentKind::Gauntlet => "gauntlet",
        })
    }
}

/// One part of a match's game pairs, for running a match on several machines: `index` of
/// `count` (`--shard K/N`, from 1). Which pairs it plays: [`super::shard`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which part, from 1.
    pub index: usize,
    /// How many parts.
    pub count: usize,
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// What a match prints on stdout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum OutputStyle {
    /// Kurier's tables at the end, then cutechess-cli's result lines (also every rating
    /// interval); the games and the progress on stderr.
    #[default]
    Kurier,
    /// Exactly cutechess-cli 1.5's lines, game by game and at the end
    /// ([`super::cutechess_lines`]); Kurier's own lines and tables on stderr.
    Cutechess,
}

/// Everything a match needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchOptions {
    /// The game.
    pub variant: Variant,
    /// Two or more engines.
    pub engines: Vec<EngineSpec>,
    /// Who meets whom.
    pub tournament: TournamentKind,
    /// Games per pair and round.
    pub games: u32,
    /// Rounds.
    pub rounds: u32,
    /// Games played from each opening in a row (2: the colour-reversed pair).
    pub repeat: u32,
    /// Colours change from one game of a pair of engines to the next.
    pub swap: bool,
    /// Openings; the game's start position when `None`.
    pub openings: Option<OpeningsSpec>,
    /// Games at once.
    pub concurrency: usize,
    /// PGN output file (appended to).
    pub pgn: Option<PathBuf>,
    /// How the PGN writes the moves of Courier and Schachdame.
    pub pgn_notation: PgnNotation,
    /// Only the seven-tag roster (and `SetUp`/`FEN`/`Variant`), no comments (cutechess-cli's
    /// `-pgnout FILE min`).
    pub pgn_minimal: bool,
    /// Leave games stopped before their end (`*`) out of the PGN (`-pgnout FILE fi`).
    pub pgn_finished_only: bool,
    /// File to append the final position of every game to, one FEN a line (`-epdout`).
    pub epd: Option<PathBuf>,
    /// Score adjudication.
    pub adjudication: Adjudication,
    /// A game that reaches this many full moves is adjudicated a draw.
    pub max_moves: Option<u32>,
    /// Print cutechess-cli's result lines after every this many games (and at the end).
    pub rating_interval: Option<u32>,
    /// An engine that crashed or stalled is restarted for the next game; when false the match
    /// stops after such a game.
    pub recover: bool,
    /// Pause of each worker between two games.
    pub wait: Duration,
    /// SPRT, for a match of two engines.
    pub sprt: Option<SprtParams>,
    /// Seed for random choices.
    pub seed: u64,
    /// Lateness accepted after a flag falls.
    pub time_margin: Duration,
    /// Longest wait for a move without a clock.
    pub move_timeout: Duration,
    /// PGN Event tag.
    pub event: String,
    /// Where the state file ([`super::state`]) is kept: written after every finished game.
    /// `None`: no state file.
    pub state: Option<PathBuf>,
    /// The state file of the run this one continues.
    pub resume: Option<PathBuf>,
    /// Play only this part of the game pairs.
    pub shard: Option<Shard>,
    /// What stdout carries.
    pub output: OutputStyle,
}

/// What `kurier match` was asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchCommand {
    /// Play a match or tournament.
    Play(Box<MatchOptions>),
    /// Check every game of a PGN file.
    Replay {
        /// The PGN file.
        file: PathBuf,
        /// The game, when the file has no `Variant` tags.
        variant: Option<Variant>,
    },
    /// Print the combined tables of the shards (or runs) of one match ([`super::merge`]).
    Merge {
        /// PGN files written by `kurier match`.
        pgns: Vec<PathBuf>,
        /// State files.
        states: Vec<PathBuf>,
        /// The SPRT to show; for state files, the one of the match when `None`.
        sprt: Option<SprtParams>,
    },
}
