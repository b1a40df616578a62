//! The command line: parsing arguments into a [`Command`] with clear errors, and running the
//! non-protocol commands (`perft`, `perft-suite`).

use crate::play::{EngineLimit, PlayOptions};
use kurier_rules::game::Game;
use kurier_rules::games::Variant;
use kurier_rules::perft::{self, EntryResult};
use kurier_rules::with_game;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// Usage text for `--help`.
pub const USAGE: &str = "\
Kurier: an engine for Schachdame, Courier chess and Dual checkers.

USAGE:
  kurier [--config FILE]      speak XBoard or UCI on stdin/stdout (first line 'xboard' or 'uci');
                              options from FILE, else $KURIER_CONFIG, else ./engine.toml
  kurier perft --variant NAME [--fen FEN] --depth N [--divide] [--threads N]
  kurier perft-suite FILE [--variant NAME] [--max-depth N] [--threads N]
  kurier bench [--variant NAME] [--depth N]   fixed search: node count (signature) and speed
  kurier play --variant NAME [--fen FEN] [--tc SEC+SEC | --st SECONDS | --depth N]
              [--color white|black] [--threads N] [--hash MB] [--ascii]
                              play a game against Kurier in the terminal ('help' there)
  kurier match --variant NAME --engine SPEC --engine SPEC [...]   engine matches (match --help)
  kurier match --replay FILE.pgn [--variant NAME]   re-check a PGN with Kurier's rules
  kurier --help | --version

Variants: courier, schachdame, dualcheckers. Logging: RUST_LOG=debug kurier (to stderr).";

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Speak a protocol on stdin/stdout.
    Protocol,
    /// Print the usage.
    Help,
    /// Print the version.
    Version,
    /// Count leaf nodes from a position.
    Perft {
        /// Which game.
        variant: Variant,
        /// Start FEN; the game's start position when `None`.
        fen: Option<String>,
        /// Depth in plies.
        depth: u32,
        /// Print the count below each root move.
        divide: bool,
        /// Worker threads.
        threads: usize,
    },
    /// Search the bench positions: deterministic node count and speed.
    Bench {
        /// Only this game; all games when `None`.
        variant: Option<Variant>,
        /// Search depth instead of each game's bench depth.
        depth: Option<u32>,
    },
    /// Run an engine match or re-check a PGN (`kurier match`).
    Match(Box<kurier_match::MatchCommand>),
    /// Check an EPD perft file.
    PerftSuite {
        /// The file.
        file: PathBuf,
        /// Which game; from the file's `# variant:` header or name when `None`.
        variant: Option<Variant>,
        /// Deepest depth to check.
        max_depth: u32,
        /// Positions checked at once.
        threads: usize,
    },
    /// A person plays Kurier in the terminal.
    Play(PlayOptions),
}

fn available_threads() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

fn value<'a>(args: &'a [String], i: &mut usize, flag: &str) -> Result<&'a str, String> {
    *i += 1;
    args.get(*i)
        .map(String::as_str)
        .ok_or_else(|| format!("{flag} needs a value"))
}

fn variant_value(args: &[String], i: &mut usize) -> Result<Variant, String> {
    value(args, i, "--variant")?
        .parse()
        .map_err(|e: kurier_rules::games::UnknownVariant| e.to_string())
}

fn number<T: std::str::FromStr>(text: &str, flag: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag}: '{text}' is not a valid number"))
}

/// Parses the arguments after the program name.
/// Takes `--config PATH` (allowed before or after any command) out of `args`: the options file
/// to read instead of `$KURIER_CONFIG` or `./engine.toml`.
pub fn take_config(args: &mut Vec<String>) -> Result<Option<PathBuf>, String> {
    let Some(i) = args.iter().position(|a| a == "--config") else {
        return Ok(None);
    };
    if i + 1 >= args.len() {
        return Err("--config needs a file name".to_string());
    }
    let path = args.remove(i + 1);
    args.remove(i);
    Ok(Some(PathBuf::from(path)))
}

/// Parses the arguments (without the program name) into a command.
pub fn parse(args: &[String]) -> Result<Command, String> {
    let Some(first) = args.first() else {
        return Ok(Command::Protocol);
    };
    match first.as_str() {
        "-h" | "--help" | "help" => Ok(Command::Help),
        "-V" | "--version" => Ok(Command::Version),
        "perft" => parse_perft(&args[1..]),
        "perft-suite" => parse_suite(&args[1..]),
        "bench" => parse_bench(&args[1..]),
        "play" => parse_play(&args[1..]),
        "match" => kurier_match::options::parse(&args[1..]).map(|m| Command::Match(Box::new(m))),
        other => Err(format!("unknown command '{other}'\n\n{USAGE}")),
    }
}

fn parse_perft(args: &[String]) -> Result<Command, String> {
    let (mut variant, mut fen, mut depth, mut divide, mut threads) = (None, None, None, false, 1);
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--variant" => variant = Some(variant_value(args, &mut i)?),
            "--fen" => fen = Some(value(args, &mut i, "--fen")?.to_string()),
            "--depth" => depth = Some(number(value(args, &mut i, "--depth")?, "--depth")?),
            "--divide" => divide = true,
            "--threads" => threads = number(value(args, &mut i, "--threads")?, "--threads")?,
            other => return Err(format!("perft: unknown argument '{other}'")),
        }
        i += 1;
    }
    Ok(Command::Perft {
        variant: variant.ok_or("perft needs --variant NAME")?,
        fen,
        depth: depth.ok_or("perft needs --depth N")?,
        divide,
        threads: threads.max(1),
    })
}

fn parse_play(args: &[String]) -> Result<Command, String> {
    let (mut variant, mut limits) = (None, Vec::new());
    let mut options = PlayOptions::new(kurier_rules::games::Variant::Schachdame);
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--variant" => variant = Some(variant_value(args, &mut i)?),
            "--fen" => options.fen = Some(value(args, &mut i, "--fen")?.to_string()),
            "--tc" => limits.push(EngineLimit::Clock(value(args, &mut i, "--tc")?.parse()?)),
            "--st" => {
                let text = value(args, &mut i, "--st")?;
                let secs: f64 = number(text, "--st")?;
                let t = std::time::Duration::try_from_secs_f64(secs)
                    .ok()
                    .filter(|t| !t.is_zero())
                    .ok_or_else(|| format!("--st: '{text}' is not a positive number of seconds"))?;
                limits.push(EngineLimit::MoveTime(t));
            }
            "--depth" => {
                let d: u32 = number(value(args, &mut i, "--depth")?, "--depth")?;
                limits.push(EngineLimit::Depth(d.max(1)));
            }
            "--color" | "--colour" => {
                options.human = match value(args, &mut i, "--color")? {
                    "white" | "w" => kurier_rules::game::Color::White,
                    "black" | "b" => kurier_rules::game::Color::Black,
                    other => return Err(format!("--color: '{other}' is not white or black")),
                }
            }
            "--threads" => {
                options.threads = number(value(args, &mut i, "--threads")?, "--threads")?
            }
            "--hash" => options.hash_mb = number(value(args, &mut i, "--hash")?, "--hash")?,
            "--ascii" => options.ascii = true,
            other => return Err(format!("play: unknown argument '{other}'")),
        }
        i += 1;
    }
    options.variant = variant.ok_or_else(|| {
        format!(
            "play needs --variant NAME ({})",
            kurier_rules::games::Variant::names().replace(',', ", ")
        )
    })?;
    if limits.len() > 1 {
        return Err("play: give at most one of --tc, --st and --depth".to_string());
    }
    options.limit = limits.pop().unwrap_or_default();
    options.threads = options.threads.max(1);
    options.hash_mb = options.hash_mb.max(1);
    Ok(Command::Play(options))
}

fn parse_bench(args: &[String]) -> Result<Command, String> {
    let (mut variant, mut depth) = (None, None);
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--variant" => variant = Some(variant_value(args, &mut i)?),
            "--depth" => depth = Some(number(value(args, &mut i, "--depth")?, "--depth")?),
            other => return Err(format!("bench: unknown argument '{other}'")),
        }
        i += 1;
    }
    Ok(Command::Bench { variant, depth })
}

/// Runs `bench`: a line per position, then per game and in total `Nodes searched: N` and
/// `Nodes/second: N`.
pub fn run_bench(
    out: &mut impl Write,
    variant: Option<Variant>,
    depth: Option<u32>,
) -> Result<(), String> {
    use kurier_engine::bench::{bench_game, print_total, BenchResult};
    let w = |e: std::io::Error| e.to_string();
    let mut total = BenchResult::default();
    for v in Variant::ALL
        .into_iter()
        .filter(|&v| variant.is_none_or(|w| w == v))
    {
        let r = with_game!(v, G => bench_game::<G>(out, depth)).map_err(w)?;
        total.nodes += r.nodes;
        total.time += r.time;
    }
    print_total(out, total).map_err(w)
}

fn parse_suite(args: &[String]) -> Result<Command, String> {
    let (mut file, mut variant, mut max_depth, mut threads) = (None, None, u32::MAX, None);
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--variant" => variant = Some(variant_value(args, &mut i)?),
            "--max-depth" => {
                max_depth = number(value(args, &mut i, "--max-depth")?, "--max-depth")?
            }
            "--threads" => threads = Some(number(value(args, &mut i, "--threads")?, "--threads")?),
            flag if flag.starts_with("--") => {
                return Err(format!("perft-suite: unknown argument '{flag}'"))
            }
            path if file.is_none() => file = Some(PathBuf::from(path)),
            extra => return Err(format!("perft-suite: unexpected argument '{extra}'")),
        }
        i += 1;
    }
    Ok(Command::PerftSuite {
        file: file.ok_or("perft-suite needs a FILE")?,
        variant,
        max_depth,
        threads: threads.unwrap_or_else(available_threads).max(1),
    })
}

/// Runs `perft`: prints `move: count` lines with `divide`, then `Nodes searched: N`, like
/// Fairy-Stockfish; timing goes to stderr so stdout diffs mechanically.
pub fn run_perft<G: Game>(
    out: &mut impl Write,
    fen: Option<&str>,
    depth: u32,
    divide: bool,
    threads: usize,
) -> Result<(), String> {
    let pos = match fen {
        Some(f) => G::from_fen(f).map_err(|e| format!("bad FEN: {e}"))?,
        None => G::start(),
    };
    let start = Instant::now();
    let nodes = if depth == 0 {
        1
    } else {
        // Split by root move even without --divide: the split drives the progress report.
        let split = perft::divide(&pos, depth, threads, true);
        if divide {
            for (mv, n) in &split {
                writeln!(out, "{}: {n}", pos.format_move(*mv)).map_err(|e| e.to_string())?;
            }
        }
        split.iter().map(|(_, n)| n).sum()
    };
    let secs = start.elapsed().as_secs_f64();
    if divide {
        writeln!(out).map_err(|e| e.to_string())?;
    }
    writeln!(out, "Nodes searched: {nodes}").map_err(|e| e.to_string())?;
    eprintln!(
        "perft {depth}: {nodes} nodes in {secs:.3} s, {:.1} Mnps ({threads} thread{})",
        nodes as f64 / secs.max(1e-9) / 1e6,
        if threads == 1 { "" } else { "s" }
    );
    Ok(())
}

/// Finds the game of an EPD file: a `# variant: NAME` header line, else the file name
/// (`schachdame.epd`).
pub fn suite_variant(file: &std::path::Path, text: &str) -> Result<Variant, String> {
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
    name.parse()
        .map_err(|e| format!("{e}; name the game with --variant"))
}

/// Runs `perft-suite`: one line per position, then `N passed, M failed`. Returns whether all
/// passed.
pub fn run_suite(
    out: &mut impl Write,
    file: &std::path::Path,
    variant: Option<Variant>,
    max_depth: u32,
    threads: usize,
) -> Result<bool, String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let variant = match variant {
        Some(v) => v,
        None => suite_variant(file, &text)?,
    };
    let entries = perft::parse_epd(&text)?;
    let start = Instant::now();
    let results = with_game!(variant, G => perft::run_suite::<G>(&entries, max_depth, threads));
    let (mut passed, mut failed) = (0, 0);
    let w = |e: std::io::Error| e.to_string();
    for (entry, result) in entries.iter().zip(&results) {
        match result {
            EntryResult::Passed(n) => {
                passed += 1;
                writeln!(
                    out,
                    "ok    line {:>3}: {} ({n} depths)",
                    entry.line, entry.fen
                )
                .map_err(w)?;
            }
            EntryResult::Mismatch(d, expected, found) => {
                failed += 1;
                writeln!(
                    out,
                    "FAIL  line {:>3}: {} D{d}: expected {expected}, found {found}",
                    entry.line, entry.fen
                )
                .map_err(w)?;
            }
            EntryResult::BadFen(e) => {
                failed += 1;
                writeln!(
                    out,
                    "FAIL  line {:>3}: {}: bad FEN: {e}",
                    entry.line, entry.fen
                )
                .map_err(w)?;
            }
        }
    }
    writeln!(out, "{passed} passed, {failed} failed").map_err(w)?;
    eprintln!("perft-suite: {:.2} s", start.elapsed().as_secs_f64());
    Ok(failed == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn config_flag_is_taken_anywhere() {
        let mut a = args("--config my.toml");
        assert_eq!(take_config(&mut a), Ok(Some(PathBuf::from("my.toml"))));
        assert!(a.is_empty());
        let mut a = args("bench --config x.toml --depth 3");
        assert_eq!(take_config(&mut a), Ok(Some(PathBuf::from("x.toml"))));
        assert_eq!(a, args("bench --depth 3"));
        assert!(take_config(&mut args("--config")).is_err());
    }

    #[test]
    fn parses_perft() {
        let c = parse(&args(
            "perft --variant schachdame --depth 3 --divide --threads 2",
        ))
        .unwrap();
        assert_eq!(
            c,
            Command::Perft {
                variant: Variant::Schachdame,
                fen: None,
                depth: 3,
                divide: true,
                threads: 2
            }
        );
    }

    #[test]
    fn rejects_bad_arguments_with_reasons() {
        for (a, wanted) in [
            ("perft --depth 3", "--variant"),
            ("perft --variant schachdame", "--depth"),
            ("perft --variant chess --depth 3", "unknown variant"),
            ("perft --variant schachdame --depth x", "not a valid number"),
            ("perft --variant schachdame --depth", "needs a value"),
            ("perft-suite", "needs a FILE"),
            ("frobnicate", "unknown command"),
            ("play", "--variant"),
            ("play --variant courier --st 1 --depth 2", "at most one"),
            ("play --variant courier --tc 5x", "time control"),
            ("play --variant courier --st 0", "positive"),
            ("play --variant courier --color red", "white or black"),
        ] {
            let e = parse(&args(a)).unwrap_err();
            assert!(e.contains(wanted), "{a}: {e}");
        }
    }

    #[test]
    fn parses_play() {
        let Command::Play(o) = parse(&args(
            "play --variant dualcheckers --tc 300+0.1 --color black --ascii --threads 2 --hash 16",
        ))
        .unwrap() else {
            panic!("not play")
        };
        assert_eq!(o.variant, Variant::DualCheckers);
        assert_eq!(o.human, kurier_rules::game::Color::Black);
        assert!(o.ascii && !o.colour);
        assert_eq!((o.threads, o.hash_mb), (2, 16));
        assert!(matches!(o.limit, EngineLimit::Clock(tc) if tc.base().as_secs() == 300));
        let Command::Play(o) = parse(&args("play --variant courier")).unwrap() else {
            panic!("not play")
        };
        assert_eq!(
            o.limit,
            EngineLimit::MoveTime(std::time::Duration::from_secs(1))
        );
    }

    #[test]
    fn no_arguments_means_protocol() {
        assert_eq!(parse(&[]).unwrap(), Command::Protocol);
    }
}
