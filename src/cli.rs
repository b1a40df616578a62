//! The command line, read by clap ([`Cli`]), and the non-protocol commands it runs (`perft`,
//! `perft-suite`, `bench`; `play` and `match` live in their own modules and crate).
//!
//! Without a subcommand Kurier speaks a protocol on stdin/stdout; `main.rs` decides that.

use crate::play::{EngineLimit, PlayOptions, TimeControl};
use clap::{Args, Parser, Subcommand, ValueEnum};
use kurier_rules::game::{Color, FenError, Game};
use kurier_rules::games::{UnknownVariant, Variant};
use kurier_rules::perft::{self, EntryResult};
use kurier_rules::with_game;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Below the subcommands in `kurier --help`.
const AFTER_HELP: &str = "\
Without a command Kurier speaks XBoard or UCI on stdin/stdout: the first line, 'xboard' or
'uci', decides. Options come from --config FILE, else $KURIER_CONFIG, else ./engine.toml.
Variants: courier, schachdame, dualcheckers. Logging: RUST_LOG=debug kurier (to stderr).
'kurier COMMAND --help' describes each command.";

/// Kurier: an engine for Schachdame, Courier chess and Dual checkers.
#[derive(Parser, Clone, Debug, PartialEq, Eq)]
#[command(name = "kurier", version, after_help = AFTER_HELP)]
pub struct Cli {
    /// Options file; else $KURIER_CONFIG, else ./engine.toml
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,

    /// What to do; speak a protocol on stdin/stdout when absent.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// A command other than protocol mode.
#[derive(Subcommand, Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Count the leaf nodes of the move tree from a position
    #[command(
        after_help = "Prints 'MOVE: COUNT' lines with --divide, then 'Nodes searched: N'\n\
                            (Fairy-Stockfish's format); the time goes to stderr."
    )]
    Perft(PerftArgs),

    /// Check every position of an EPD perft file (FEN ;D1 20 ;D2 400 lines)
    #[command(
        after_help = "Prints a line per position, then 'N passed, M failed'; exits 1 when \
                            one failed."
    )]
    PerftSuite(SuiteArgs),

    /// Search the bench positions: node count (the build's signature) and speed
    Bench(BenchArgs),

    /// Play a game against Kurier in the terminal ('help' there lists the commands)
    #[command(after_help = PLAY_HELP)]
    Play(PlayArgs),

    /// Play an engine match or tournament, or re-check a PGN file
    #[command(
        arg_required_else_help = true,
        override_usage = kurier_match::match_args::MATCH_USAGE,
        after_help = kurier_match::match_args::ENGINE_SPEC_HELP
    )]
    Match(Box<kurier_match::MatchArgs>),

    /// Fit the evaluation's weights to positions with known results (Texel's method)
    #[command(after_help = kurier_tune::tune::args::TUNE_HELP)]
    Tune(kurier_tune::tune::args::TuneArgs),
    /// Train a neural evaluation (NNUE) on training positions
    #[command(after_help = kurier_tune::train::args::TRAIN_HELP)]
    Train(kurier_tune::train::args::TrainArgs),
    /// Write training positions from self-play (packed, or FEN | SCORE | RESULT lines)
    #[command(after_help = DATAGEN_HELP)]
    Datagen(DatagenArgs),
    /// Write training positions from recorded games: each scored move of a PGN
    #[command(after_help = PGN_DATA_HELP)]
    PgnData(PgnDataArgs),
    /// Convert a network file of the old format (KURNNUE1/2) to the current one (KURNNUE3)
    #[command(after_help = NET_UPGRADE_HELP)]
    NetUpgrade(NetUpgradeArgs),
    /// Convert training data between the text lines and the packed format
    #[command(after_help = DATA_CONVERT_HELP)]
    DataConvert(DataConvertArgs),

    /// Serve a board in the browser to play and analyse the three games against Kurier
    #[command(after_help = SERVE_HELP)]
    Serve(ServeArgs),
}

/// Below the flags in `kurier serve --help`.
const SERVE_HELP: &str = "\
Prints 'kurier serve: listening on http://HOST:PORT/' on stdout once it listens; open that page.
The page and its files are built into the binary; the JSON API is described in docs/serve-api.md.
Only this machine's names are answered (Host), and only the server's own page may use the API
(Origin) unless --allow-origin names another.
Logs go to stderr (RUST_LOG=info for more). Stop the server with Ctrl-C.";

/// `kurier serve`.
#[derive(Args, Clone, Debug, PartialEq, Eq)]
pub struct ServeArgs {
    /// The port to listen on (0: a free one)
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on (127.0.0.1: only this machine can connect)
    #[arg(long, default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
    /// Open the page in the desktop's browser
    #[arg(long)]
    pub open: bool,
    /// Let the pages of ORIGIN (http://host:port) use the API too, with CORS (repeatable)
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    pub allow_origin: Vec<kurier_serve::AllowedOrigin>,
}

impl ServeArgs {
    /// The server's options.
    pub fn options(&self) -> kurier_serve::ServeOptions {
        kurier_serve::ServeOptions {
            host: self.host,
            port: self.port,
            open: self.open,
            allow_origins: self.allow_origin.clone(),
        }
    }
}

/// Below the flags in `kurier play --help`.
const PLAY_HELP: &str = "\
In the game, type a move or a command ('help' lists them: moves, legal, pgn FILE, hint, go,
undo, flip, ...); at a terminal the arrow keys edit the line and recall earlier ones.
Moves: coordinates in every game (d2e3, d2-e3); SAN in Courier and Schachdame (Nc3, gxh5, c8=F);
capture paths in Dual checkers (f6:d4:d3). Kurier's moves are shown in SAN (checkers notation in
Dual checkers). With --tc both clocks run, yours while you think, Kurier's while it thinks, and
a side loses the moment its time runs out, typed or not. Pieces are FEN letters, upper case
White; --glyphs draws figures. Colour tells the sides apart: --color auto (the default) colours
a terminal unless NO_COLOR is set, always and never decide for you.
Example: kurier play --side black --tc 5:00+2     (Courier chess, the default game)";

/// Below the flags in `kurier datagen --help`.
const DATAGEN_HELP: &str = "\
Each game: the start position (or the --openings line the game's number picks), random plies,
then Kurier plays both sides with --nodes or --depth per move. A game ends by the rules, by
adjudication (a side ahead by 2000 cp for 4 plies) or as a draw at ply 400.
Written are the quiet positions (not in check, best move not a capture or promotion, no mate
score) as 'FEN | SCORE | RESULT': the score in centipawns and the game's result (1.0, 0.5,
0.0), both from White's point of view; packed (kurier data-convert) unless --out ends in .txt.
Each game's block ends with '# game K'. Running the
same command again resumes: only the missing games are played. The games are played with the
built-in network where the game has one (engine.toml's options do not apply here): --eval-file
plays with another network, --use-nnue false with the classical evaluation.
Example: kurier datagen --variant courier --games 1000 --nodes 5000 --threads 2 --out courier.txt";

/// Most games one `kurier datagen` file may be asked for (the list of games to play is held in
/// memory, 8 bytes a game).
pub const MAX_DATAGEN_GAMES: u64 = 10_000_000;

/// `kurier pgn-data`: the game, the PGN files and the data file.
#[derive(Args, Clone, Debug, PartialEq, Eq)]
pub struct PgnDataArgs {
    /// The game: courier, schachdame or dualcheckers (games of other variants are left out)
    #[arg(long, value_name = "NAME")]
    pub variant: Variant,
    /// The data file (created, or replaced): text if its name ends in .txt, else packed
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// PGN files of games Kurier played (`kurier match` writes the scores it reads)
    #[arg(value_name = "PGN", required = true)]
    pub pgn: Vec<PathBuf>,
}

/// `kurier net-upgrade`: the old file and the new one.
#[derive(Args, Clone, Debug, PartialEq, Eq)]
pub struct NetUpgradeArgs {
    /// The network file to read (KURNNUE1 or KURNNUE2; a KURNNUE3 file is rewritten as is)
    #[arg(value_name = "OLD")]
    pub old: PathBuf,
    /// The file to write (created, or replaced)
    #[arg(value_name = "NEW")]
    pub new: PathBuf,
}

/// `kurier net-upgrade --help`'s closing text.
pub const NET_UPGRADE_HELP: &str = "\
The engine (EvalFile, kurier datagen --eval-file) reads only KURNNUE3 files: a header that names
the game, the feature set, the layer sizes and the quantisation, and a CRC-32 of the weights.
An older file is read here with every check it allows (a game this engine plays, its sizes,
weights that cannot overflow) and written anew; the weights and the network's name (its hash)
stay the same.
Example: kurier net-upgrade courier-old.nnue courier.nnue";

/// `kurier pgn-data --help`'s closing text.
pub const PGN_DATA_HELP: &str = "\
Every move whose comment starts with a score in pawns ({+0.25/12 0.10s}, as kurier match and
cutechess-cli write them) gives the position before it, its score turned to White's point of
view and the game's result: the 'FEN | SCORE | RESULT' lines of kurier datagen, which kurier
train and kurier tune read (they keep the quiet positions). Moves without a score (book) and
mate scores give none; every move is checked with the rules, and a game that does not replay,
has no result (*) or is of another variant is left out and named on stderr. Give it games of
Kurier against itself: a position's score is the engine's that moved.
Example: kurier pgn-data --variant courier --out courier-games.txt sprt-a.pgn sprt-b.pgn";

/// `kurier data-convert --help`'s closing text.
pub const DATA_CONVERT_HELP: &str = "\
The input's format is read from its first bytes (packed files start KURDATA2); the output is
text ('FEN | SCORE | RESULT' lines) when its name ends in .txt, else packed. The game is the
packed file's, else the one named by a kurier datagen header line, else --variant's. Text ->
packed -> text gives back the same bytes; packed data is about a fifth of the gzipped text.
Example: kurier data-convert courier.txt courier.kdata; kurier data-convert courier.kdata x.txt";

/// `kurier data-convert`.
#[derive(Args, Clone, Debug, PartialEq, Eq)]
pub struct DataConvertArgs {
    /// The data file to read (text or packed)
    #[arg(value_name = "IN")]
    pub input: PathBuf,
    /// The file to write (created, or replaced): text if its name ends in .txt, else packed
    #[arg(value_name = "OUT")]
    pub output: PathBuf,
    /// The game, for text without a kurier datagen header line
    #[arg(long, value_name = "NAME")]
    pub variant: Option<Variant>,
}

/// `kurier datagen`: one of `--nodes` and `--depth`.
#[derive(Args, Clone, Debug, PartialEq, Eq)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["nodes", "depth"])))]
pub struct DatagenArgs {
    /// The game: courier, schachdame or dualcheckers
    #[arg(long, value_name = "NAME")]
    pub variant: Variant,
    /// Games in the file when done (a resumed run plays the missing ones), at most 10,000,000
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_DATAGEN_GAMES))]
    pub games: u64,
    /// Nodes searched per move
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Depth searched per move
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub depth: Option<u32>,
    /// Random legal plies at the start of each game, at most 400 (a game's length)
    #[arg(long, value_name = "N", default_value_t = 8,
          value_parser = clap::value_parser!(u32).range(0..=kurier_tune::datagen::play::MAX_PLIES as i64))]
    pub random_plies: u32,
    /// Games played at once, at most 256 (the engine's Threads maximum)
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new()
              .range(1..=kurier_engine::options::MAX_THREADS as u64))]
    pub threads: usize,
    /// Seed of the random plies (the same seed, the same games)
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Hash table per thread, MB (1 to the engine's Hash maximum; the tables of all threads
    /// are held at once)
    #[arg(long, value_name = "MB", default_value_t = 16,
          value_parser = clap::value_parser!(u64).range(1..=kurier_engine::options::MAX_HASH_MB))]
    pub hash: u64,
    /// The data file; appended to, and resumed when it exists. A new file is text ('FEN |
    /// SCORE | RESULT' lines) if its name ends in .txt, else packed (kurier data-convert)
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Start positions, one FEN or EPD line per game in turn
    #[arg(long, value_name = "FILE.epd")]
    pub openings: Option<PathBuf>,
    /// Play with this network (a `kurier train` file for the game) instead of the built-in one
    #[arg(long, value_name = "NET", conflicts_with = "use_nnue")]
    pub eval_file: Option<PathBuf>,
    /// Evaluate with a network where the game has one, as the engine does by default; `false`
    /// plays with the classical evaluation
    #[arg(long, value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set)]
    pub use_nnue: bool,
}

impl DatagenArgs {
    /// The run's options; `command_line` goes into the file's header.
    pub fn options(&self, command_line: String) -> kurier_tune::datagen::Options {
        use kurier_tune::datagen::{Evaluation, MoveLimit};
        kurier_tune::datagen::Options {
            variant: self.variant,
            games: self.games,
            limit: match (self.nodes, self.depth) {
                (Some(n), _) => MoveLimit::Nodes(n),
                (None, d) => MoveLimit::Depth(d.unwrap_or(1)),
            },
            random_plies: self.random_plies,
            threads: self.threads.max(1),
            seed: self.seed,
            hash_mb: self.hash.max(1),
            out: self.out.clone(),
            openings: self.openings.clone(),
            evaluation: match (&self.eval_file, self.use_nnue) {
                (_, false) => Evaluation::Classical,
                (Some(net), true) => Evaluation::File(net.clone()),
                (None, true) => Evaluation::Builtin,
            },
            command_line,
        }
    }
}

/// Words as a shell line: a word with anything but letters, digits and `-_./=:,+` is put in
/// single quotes (for the command line that a data file's header records).
pub fn shell_line(words: impl IntoIterator<Item = String>) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+".contains(c);
    words
        .into_iter()
        .map(|w| {
            if !w.is_empty() && w.chars().all(plain) {
                w
            } else {
                format!("'{}'", w.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `kurier perft`.
#[derive(Args, Clone, Debug, PartialEq, Eq)]
pub struct PerftArgs {
    /// The game: courier, schachdame or dualcheckers
    #[arg(long, value_name = "NAME")]
    pub variant: Variant,
    /// Start position; the game's start position when absent
    #[arg(long)]
    pub fen: Option<String>,
    /// Depth in plies, at most 64 (perft::MAX_DEPTH)
    #[arg(long, value_name = "N", value_parser = perft_depth)]
    pub depth: u32,
    /// Print the count below each root move
    #[arg(long)]
    pub divide: bool,
    /// Worker threads, 1 to 256 (the engine's Threads maximum)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = perft_threads)]
    pub threads: usize,
}

/// `kurier perft-suite`.
#[derive(Args, Clone, Debug, PartialEq, Eq)]
pub struct SuiteArgs {
    /// The EPD file
    pub file: PathBuf,
    /// The game; else the file's '# variant: NAME' line or name
    #[arg(long, value_name = "NAME")]
    pub variant: Option<Variant>,
    /// Check no deeper than this
    #[arg(long, value_name = "N")]
    pub max_depth: Option<u32>,
    /// Positions checked at once, 1 to 256 [default: the number of cores]
    #[arg(long, value_name = "N", value_parser = perft_threads)]
    pub threads: Option<usize>,
}

/// `kurier bench`.
#[derive(Args, Clone, Debug, PartialEq, Eq)]
pub struct BenchArgs {
    /// Only this game; every game when absent
    #[arg(long, value_name = "NAME")]
    pub variant: Option<Variant>,
    /// Search depth instead of each game's bench depth
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// Evaluate with the built-in network where the game has one (Courier), as the engine
    /// does by default; `false` benches the classical evaluation
    #[arg(long, value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set)]
    pub use_nnue: bool,
}

/// The side a person plays. (Its values are listed in the help of `--side`: the doc comments
/// of values would turn `kurier play --help` into clap's long form.)
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// White, who moves first.
    #[value(alias = "w")]
    White,
    /// Black.
    #[value(alias = "b")]
    Black,
}

/// `kurier play --color`: when to colour the board, the usual `auto`, `always`, `never`; or, the
/// flag's older meaning, the side the person plays (`--color black`, as `--side black`). (Its
/// values are listed in the flag's help, as for [`Side`].)
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorWhen {
    /// Colour when the output is a terminal and `NO_COLOR` is unset or empty.
    Auto,
    /// Colour, even into a pipe or a file, and whatever `NO_COLOR` says.
    Always,
    /// No colour.
    Never,
    /// No colour choice: the person plays White (as `--side white`).
    #[value(alias = "w")]
    White,
    /// No colour choice: the person plays Black (as `--side black`).
    #[value(alias = "b")]
    Black,
}

/// `kurier play`. At most one of `--tc`, `--st` and `--depth`; one second a move without.
#[derive(Args, Clone, Debug, PartialEq, Eq)]
pub struct PlayArgs {
    /// The game: courier, schachdame or dualcheckers
    #[arg(long, value_name = "NAME", default_value = "courier")]
    pub variant: Variant,
    /// Start position; the game's start position when absent
    #[arg(long)]
    pub fen: Option<String>,
    /// Both sides on a clock: BASE[+INC], seconds or m:ss (300+2, 5:00+3)
    #[arg(long, value_name = "SEC+SEC", conflicts_with_all = ["st", "depth"])]
    pub tc: Option<TimeControl>,
    /// Kurier thinks this many seconds a move [default: 1]
    #[arg(long, value_name = "SECONDS", value_parser = move_time,
          conflicts_with = "depth")]
    pub st: Option<Duration>,
    /// Kurier searches this deep
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// The side you play: white or black (w, b) [default: white]
    #[arg(long, value_enum, hide_possible_values = true)]
    pub side: Option<Side>,
    /// Colour for the sides and the last move: auto (a terminal without NO_COLOR), always or
    /// never; white or black here pick your side, as --side does
    #[arg(
        long = "color",
        visible_alias = "colour",
        value_name = "WHEN",
        value_enum,
        default_value_t = ColorWhen::Auto,
        hide_possible_values = true,
        hide_default_value = true
    )]
    pub color: ColorWhen,
    /// Kurier's search threads
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,
    /// Kurier's hash table, MB
    #[arg(long, value_name = "MB", default_value_t = 64)]
    pub hash: u64,
    /// Figures instead of letters: ♔ ♝ ♟ in Schachdame, ○ ◎ ● ◉ in Dual checkers (Courier keeps its
    /// letters)
    #[arg(long, conflicts_with = "ascii")]
    pub glyphs: bool,
    /// Piece letters, upper case White (the default)
    #[arg(long)]
    pub ascii: bool,
}

impl PlayArgs {
    /// The options of the game; `colour` and `live` stay off (`main.rs` sets them from
    /// [`PlayArgs::colour`] and whether the output is a terminal).
    pub fn options(&self) -> PlayOptions {
        let mut options = PlayOptions::new(self.variant);
        options.fen = self.fen.clone();
        options.limit = match (self.tc, self.st, self.depth) {
            (Some(tc), _, _) => EngineLimit::Clock(tc),
            (_, Some(t), _) => EngineLimit::MoveTime(t),
            (_, _, Some(d)) => EngineLimit::Depth(d.max(1)),
            _ => EngineLimit::default(),
        };
        let legacy = match self.color {
            ColorWhen::White => Some(Side::White),
            ColorWhen::Black => Some(Side::Black),
            _ => None,
        };
        options.human = match self.side.or(legacy) {
            Some(Side::Black) => Color::Black,
            Some(Side::White) | None => Color::White,
        };
        options.threads = self.threads.max(1);
        options.hash_mb = self.hash.max(1);
        options.ascii = !self.glyphs;
        options
    }

    /// Whether to colour: `--color always` or `never`, else (`auto`) when the output is a
    /// `terminal` and `NO_COLOR` is unset or empty (`no_color` is its value).
    pub fn colour(&self, terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
        match self.color {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto | ColorWhen::White | ColorWhen::Black => {
                terminal && no_color.is_none_or(|v| v.is_empty())
            }
        }
    }
}

/// Why a perft `--depth` was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadPerftDepth {
    /// Not a whole number.
    #[error(transparent)]
    NotANumber(#[from] std::num::ParseIntError),
    /// Deeper than perft goes.
    #[error(transparent)]
    TooDeep(#[from] perft::TooDeep),
}

/// `perft --depth N`: a whole number up to [`perft::MAX_DEPTH`].
/// The most perft threads: the engine's `Threads` maximum (more only adds threads with
/// nothing to do).
pub const MAX_PERFT_THREADS: usize = 256;

/// `--threads` of `perft` and `perft-suite`: 1 to [`MAX_PERFT_THREADS`].
fn perft_threads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n @ 1..=MAX_PERFT_THREADS) => Ok(n),
        _ => Err(format!(
            "'{text}' is not a thread count from 1 to {MAX_PERFT_THREADS}"
        )),
    }
}

fn perft_depth(text: &str) -> Result<u32, BadPerftDepth> {
    Ok(perft::check_depth(text.trim().parse()?)?)
}

/// Why `--st` was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a positive number of seconds")]
pub struct BadMoveTime(String);

/// `--st SECONDS`: a positive, finite number of seconds.
fn move_time(text: &str) -> Result<Duration, BadMoveTime> {
    text.trim()
        .parse::<f64>()
        .ok()
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .filter(|t| !t.is_zero())
        .ok_or_else(|| BadMoveTime(text.to_string()))
}

impl SuiteArgs {
    /// `--max-depth`, or no limit.
    pub fn max_depth(&self) -> u32 {
        self.max_depth.unwrap_or(u32::MAX)
    }

    /// `--threads`, or one per core.
    pub fn threads(&self) -> usize {
        self.threads
            .unwrap_or_else(|| {
                std::thread::available_parallelism()
                    .map(|n| n.get())
                    .unwrap_or(1)
            })
            .max(1)
    }
}

/// Why a command-line tool (`perft`, `perft-suite`, `bench`) failed.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// `--fen` does not read as a position of the game.
    #[error("bad FEN: {0}")]
    Fen(#[from] FenError),
    /// The perft file cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The perft file does not say which game it is for.
    #[error("{0}; name the game with --variant")]
    SuiteVariant(UnknownVariant),
    /// The perft file has a malformed line.
    #[error("{0}")]
    Epd(String),
    /// The perft file holds no position: a suite that checks nothing must not pass.
    #[error("{}: no position to check (every line is blank or a comment)", .0.display())]
    EmptySuite(PathBuf),
    /// Writing the output failed.
    #[error(transparent)]
    Output(#[from] std::io::Error),
}
/// Runs `bench`: a line per position, then per game and in total `Nodes searched: N` and
/// `Nodes/second: N`.
pub fn run_bench(
    out: &mut impl Write,
    variant: Option<Variant>,
    depth: Option<u32>,
    use_nnue: bool,
) -> Result<(), CliError> {
    use kurier_engine::bench::{bench_game, print_total, BenchResult};
    let mut total = BenchResult::default();
    for v in Variant::ALL
        .into_iter()
        .filter(|&v| variant.is_none_or(|w| w == v))
    {
        let r = with_game!(v, G => bench_game::<G>(out, depth, use_nnue))?;
        total.nodes += r.nodes;
        total.time += r.time;
    }
    Ok(print_total(out, total)?)
}

/// Runs `perft`: prints `move: count` lines with `divide`, then `Nodes searched: N`, like
/// Fairy-Stockfish; timing goes to stderr so stdout diffs mechanically.
pub fn run_perft<G: Game>(
    out: &mut impl Write,
    fen: Option<&str>,
    depth: u32,
    divide: bool,
    threads: usize,
) -> Result<(), CliError> {
    let pos = match fen {
        Some(f) => G::from_fen(f)?,
        None => G::start(),
    };
    let start = Instant::now();
    let nodes = if depth == 0 {
        1
    } else if depth == 1 && !divide {
        // Counted without a list: a dense Dual-checkers position has tens of millions of moves.
        pos.count_moves()
    } else {
        // Split by root move even without --divide: the split drives the progress report.
        let split = perft::divide(&pos, depth, threads, true);
        if divide {
            for (mv, n) in &split {
                writeln!(out, "{}: {n}", pos.format_move(*mv))?;
            }
        }
        split.iter().map(|(_, n)| n).sum()
    };
    let secs = start.elapsed().as_secs_f64();
    if divide {
        writeln!(out)?;
    }
    writeln!(out, "Nodes searched: {nodes}")?;
    eprintln!(
        "perft {depth}: {nodes} nodes in {secs:.3} s, {:.1} Mnps ({threads} thread{})",
        nodes as f64 / secs.max(1e-9) / 1e6,
        if threads == 1 { "" } else { "s" }
    );
    Ok(())
}

/// Finds the game of an EPD file: a `# variant: NAME` header line, else the file name
/// (`schachdame.epd`).
pub fn suite_variant(file: &std::path::Path, text: &str) -> Result<Variant, CliError> {
    let from_header = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix('#'))
        .find_map(|l| {
            l.trim()
                .strip_prefix("variant:")
                .map(|v| v.trim().to_string())
        });
    let name = from_header
        .or_else(|| file.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .unwrap_or_default();
    name.parse().map_err(CliError::SuiteVariant)
}

/// Runs `perft-suite`: one line per position, then `N passed, M failed`. Returns whether all
/// passed.
pub fn run_suite(
    out: &mut impl Write,
    file: &std::path::Path,
    variant: Option<Variant>,
    max_depth: u32,
    threads: usize,
) -> Result<bool, CliError> {
    // A perft suite of a million positions is about 100 MB.
    let text =
        kurier_wire::input_file::read_to_string_capped(file, 256 << 20).map_err(|source| {
            CliError::Read {
                path: file.to_path_buf(),
                source,
            }
        })?;
    let variant = match variant {
        Some(v) => v,
        None => suite_variant(file, &text)?,
    };
    let entries = perft::parse_epd(&text).map_err(CliError::Epd)?;
    if entries.is_empty() {
        return Err(CliError::EmptySuite(file.to_path_buf()));
    }
    let start = Instant::now();
    let results = with_game!(variant, G => perft::run_suite::<G>(&entries, max_depth, threads));
    let (mut passed, mut failed) = (0, 0);
    for (entry, result) in entries.iter().zip(&results) {
        match result {
            EntryResult::Passed(n) => {
                passed += 1;
                writeln!(
                    out,
                    "ok    line {:>3}: {} ({n} depths)",
                    entry.line, entry.fen
                )?;
            }
            EntryResult::Mismatch(d, expected, found) => {
                failed += 1;
                writeln!(
                    out,
                    "FAIL  line {:>3}: {} D{d}: expected {expected}, found {found}",
                    entry.line, entry.fen
                )?;
            }
            EntryResult::TooDeep(e) => {
                failed += 1;
                writeln!(out, "FAIL  line {:>3}: {}: {e}", entry.line, entry.fen)?;
            }
            EntryResult::BadFen(e) => {
                failed += 1;
                writeln!(
                    out,
                    "FAIL  line {:>3}: {}: bad FEN: {e}",
                    entry.line, entry.fen
                )?;
            }
        }
    }
    writeln!(out, "{passed} passed, {failed} failed")?;
    eprintln!("perft-suite: {:.2} s", start.elapsed().as_secs_f64());
    Ok(failed == 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::error::ErrorKind;

    fn parse(line: &str) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("kurier").chain(line.split_whitespace()))
    }

    fn command(line: &str) -> Command {
        parse(line).unwrap().command.expect("a command")
    }

    #[test]
    fn config_is_taken_before_or_after_a_command() {
        let c = parse("--config my.toml").unwrap();
        assert_eq!(c.config, Some(PathBuf::from("my.toml")));
        assert_eq!(c.command, None);
        let c = parse("bench --config x.toml --depth 3").unwrap();
        assert_eq!(c.config, Some(PathBuf::from("x.toml")));
        assert_eq!(
            c.command,
            Some(Command::Bench(BenchArgs {
                variant: None,
                depth: Some(3),
                use_nnue: true,
            }))
        );
        let c = parse("bench --variant courier --use-nnue false").unwrap();
        assert_eq!(
            c.command,
            Some(Command::Bench(BenchArgs {
                variant: Some(Variant::Courier),
                depth: None,
                use_nnue: false,
            }))
        );
        assert!(parse("bench --use-nnue maybe").is_err());
        assert_eq!(
            parse("--config").unwrap_err().kind(),
            ErrorKind::InvalidValue
        );
    }

    #[test]
    fn datagen_takes_a_network_or_the_classical_evaluation() {
        use kurier_tune::datagen::Evaluation;
        let evaluation = |extra: &str| match command(&format!(
            "datagen --variant courier --games 5 --nodes 100 --out x.txt {extra}"
        )) {
            Command::Datagen(a) => a.options(String::new()).evaluation,
            other => panic!("{other:?}"),
        };
        assert_eq!(evaluation(""), Evaluation::Builtin);
        assert_eq!(
            evaluation("--eval-file k.nnue"),
            Evaluation::File(PathBuf::from("k.nnue"))
        );
        assert_eq!(evaluation("--use-nnue false"), Evaluation::Classical);
        assert_eq!(
            parse("datagen --variant courier --games 5 --nodes 100 --out x.txt --eval-file k.nnue --use-nnue false")
                .unwrap_err()
                .kind(),
            ErrorKind::ArgumentConflict
        );
    }

    #[test]
    fn parses_perft_in_both_forms() {
        let wanted = Command::Perft(PerftArgs {
            variant: Variant::Schachdame,
            fen: None,
            depth: 3,
            divide: true,
            threads: 2,
        });
        assert_eq!(
            command("perft --variant schachdame --depth 3 --divide --threads 2"),
            wanted
        );
        assert_eq!(
            command("perft --variant=schachdame --depth=3 --divide --threads=2"),
            wanted
        );
    }

    #[test]
    fn rejects_bad_arguments_with_reasons() {
        for (a, kind, wanted) in [
            (
                "perft --depth 3",
                ErrorKind::MissingRequiredArgument,
                "--variant",
            ),
            (
                "perft --variant schachdame",
                ErrorKind::MissingRequiredArgument,
                "--depth",
            ),
            (
                "perft --variant chess --depth 3",
                ErrorKind::ValueValidation,
                "unknown variant",
            ),
            (
                "perft --variant schachdame --depth x",
                ErrorKind::ValueValidation,
                "invalid digit",
            ),
            (
                "perft --variant schachdame --depth 20000",
                ErrorKind::ValueValidation,
                "perft depth 20000 is deeper than 64, the deepest perft goes",
            ),
            (
                "perft --variant schachdame --depth 99999999999",
                ErrorKind::ValueValidation,
                "too large",
            ),
            (
                "perft --variant schachdame --depth",
                ErrorKind::InvalidValue,
                "a value is required",
            ),
            (
                "perft --variant schachdame --dpeth 3",
                ErrorKind::UnknownArgument,
                "'--depth'",
            ),
            ("perft-suite", ErrorKind::MissingRequiredArgument, "<FILE>"),
            ("frobnicate", ErrorKind::InvalidSubcommand, "frobnicate"),
            ("perf", ErrorKind::InvalidSubcommand, "'perft'"),
            (
                "play --variant chess",
                ErrorKind::ValueValidation,
                "courier",
            ),
            (
                "play --variant courier --st 1 --depth 2",
                ErrorKind::ArgumentConflict,
                "--depth",
            ),
            (
                "play --variant courier --tc 5+1 --st 2",
                ErrorKind::ArgumentConflict,
                "--st",
            ),
            (
                "play --variant courier --tc 5x",
                ErrorKind::ValueValidation,
                "time control",
            ),
            (
                "play --variant courier --st 0",
                ErrorKind::ValueValidation,
                "positive",
            ),
            (
                "play --variant courier --color red",
                ErrorKind::InvalidValue,
                "auto, always, never, white, black",
            ),
            (
                "play --variant courier --side red",
                ErrorKind::InvalidValue,
                "white, black",
            ),
            (
                "play --variant courier --glyphs --ascii",
                ErrorKind::ArgumentConflict,
                "--ascii",
            ),
            (
                "match --variant courier --engine",
                ErrorKind::InvalidValue,
                "--engine <SPEC>",
            ),
        ] {
            let e = parse(a).unwrap_err();
            assert_eq!(e.kind(), kind, "{a}: {e}");
            assert!(e.to_string().contains(wanted), "{a}: {e}");
        }
    }

    #[test]
    fn parses_play() {
        let Command::Play(p) = command(
            "play --variant dualcheckers --tc 300+0.1 --colour black --ascii --threads 2 --hash 16",
        ) else {
            panic!("not play")
        };
        let o = p.options();
        assert_eq!(o.variant, Variant::DualCheckers);
        assert_eq!(o.human, Color::Black);
        assert!(o.ascii && !o.colour);
        assert_eq!((o.threads, o.hash_mb), (2, 16));
        assert!(matches!(o.limit, EngineLimit::Clock(tc) if tc.base().as_secs() == 300));
        let Command::Play(p) = command("play --variant courier --color=w --st 0.25") else {
            panic!("not play")
        };
        let o = p.options();
        assert_eq!(o.human, Color::White);
        assert_eq!(o.limit, EngineLimit::MoveTime(Duration::from_millis(250)));
        // --side, letters by default, figures with --glyphs; --color decides the colour.
        let Command::Play(p) = command("play --variant courier --side b --glyphs") else {
            panic!("not play")
        };
        let o = p.options();
        assert_eq!(o.human, Color::Black);
        assert!(!o.ascii && !o.colour && !o.live);
        assert!(p.colour(true, None) && !p.colour(false, None));
        assert!(!p.colour(true, Some("1".as_ref())) && p.colour(true, Some("".as_ref())));
        for (when, terminal, wanted) in [
            ("always", false, true),
            ("never", true, false),
            ("auto", true, true),
            ("auto", false, false),
        ] {
            let Command::Play(p) = command(&format!("play --variant courier --color {when}"))
            else {
                panic!("not play")
            };
            assert_eq!(p.colour(terminal, None), wanted, "{when}");
            assert_eq!(p.options().human, Color::White);
            assert!(p.options().ascii);
        }
        // `--color always` overrides NO_COLOR, as the convention has it.
        let Command::Play(p) = command("play --variant courier --color always --side black") else {
            panic!("not play")
        };
        assert!(p.colour(false, Some("1".as_ref())));
        assert_eq!(p.options().human, Color::Black);
        let Command::Play(p) = command("play --variant courier --depth 0 --threads 0") else {
            panic!("not play")
        };
        let o = p.options();
        assert_eq!((o.limit, o.threads), (EngineLimit::Depth(1), 1));
        let Command::Play(p) = command("play --variant courier") else {
            panic!("not play")
        };
        assert_eq!(
            p.options().limit,
            EngineLimit::MoveTime(Duration::from_secs(1))
        );
        // Courier chess is the game without --variant.
        let Command::Play(p) = command("play") else {
            panic!("not play")
        };
        assert_eq!(p.options().variant, Variant::Courier);
    }

    #[test]
    fn match_arguments_reach_the_match_parser() {
        let Command::Match(m) =
            command("match --variant courier --depth 1 --engine cmd=a --engine cmd=b --games 4")
        else {
            panic!("not match")
        };
        let kurier_match::MatchCommand::Play(o) = m.into_command().unwrap() else {
            panic!("not a match")
        };
        assert_eq!(
            (o.variant, o.games, o.engines.len()),
            (Variant::Courier, 4, 2)
        );
        let Command::Match(m) = command("match --replay x.pgn") else {
            panic!("not match")
        };
        assert!(matches!(
            m.into_command(),
            Ok(kurier_match::MatchCommand::Replay { .. })
        ));
    }

    #[test]
    fn suite_defaults() {
        let Command::PerftSuite(s) = command("perft-suite f.epd --threads 1") else {
            panic!("not perft-suite")
        };
        assert_eq!((s.max_depth(), s.threads()), (u32::MAX, 1));
        assert_eq!(s.file, PathBuf::from("f.epd"));
        // No thread count of 0 (once read as 1) nor beyond the engine's Threads maximum.
        for n in ["0", "257"] {
            let e = parse(&format!("perft-suite f.epd --threads {n}")).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::ValueValidation);
        }
    }

    #[test]
    fn no_arguments_means_protocol() {
        assert_eq!(parse("").unwrap().command, None);
    }

    #[test]
    fn the_command_line_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
