//! The `kurier` binary: protocol mode on stdin/stdout by default, or a command-line tool
//! (`perft`, `perft-suite`, `bench`, `play`, `match`, `datagen`, `tune`). See `kurier --help`.

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use kurier::cli::{self, Cli, Command};
use kurier::closed_pipe::{broken_pipe, PipeWatch};
use kurier_rules::with_game;
use std::error::Error;
use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

/// Starts the log on stderr at the configured level; `RUST_LOG` overrides it. The logger
/// passes everything and the global maximum filters, so `LogLevel` can change at run time.
fn start_log(level: log::LevelFilter) {
    let from_env = std::env::var_os("RUST_LOG").is_some();
    let mut builder = env_logger::Builder::from_env(env_logger::Env::default());
    if !from_env {
        builder.filter_level(log::LevelFilter::Trace);
    }
    builder.target(env_logger::Target::Stderr).init();
    if !from_env {
        log::set_max_level(level);
    }
}

/// Reports a mistake that clap could not see on its own (the flags of `kurier match` that do not
/// fit together) the way clap reports its own: `error: ...`, the subcommand's usage, exit 2.
fn usage_error(subcommand: &str, error: impl std::fmt::Display) -> ! {
    let mut root = Cli::command();
    root.build();
    match root.find_subcommand_mut(subcommand) {
        Some(sub) => sub.error(ErrorKind::ValueValidation, error).exit(),
        None => root.error(ErrorKind::ValueValidation, error).exit(),
    }
}

/// Runs a subcommand; `Ok(false)` when it ran but found a failure (a perft mismatch, a replay
/// that does not match).
fn run(command: Command) -> Result<bool, Box<dyn Error>> {
    let stdout = std::io::stdout();
    let mut out = PipeWatch(stdout.lock());
    match command {
        Command::Perft(a) => {
            with_game!(a.variant, G => cli::run_perft::<G>(&mut out, a.fen.as_deref(), a.depth, a.divide, a.threads.max(1)))?;
            Ok(true)
        }
        Command::PerftSuite(a) => Ok(cli::run_suite(
            &mut out,
            &a.file,
            a.variant,
            a.max_depth(),
            a.threads(),
        )?),
        Command::Bench(a) => {
            cli::run_bench(&mut out, a.variant, a.depth, a.use_nnue)?;
            Ok(true)
        }
        Command::Play(a) => {
            let mut play = a.options();
            // Colour by --color (auto: a terminal, and NO_COLOR unset); the prompt's clock is
            // redrawn in place only at a terminal.
            let terminal = std::io::stdout().is_terminal();
            play.colour = a.colour(terminal, std::env::var_os("NO_COLOR").as_deref());
            play.live = terminal;
            drop(out);
            if terminal && std::io::stdin().is_terminal() {
                // A person at a terminal: line editing and history.
                kurier::play::run_at_terminal(std::io::stdout().lock(), &play)?;
            } else {
                // Read on the game's input thread, so not the (thread-bound) stdin lock.
                let input = std::io::BufReader::new(std::io::stdin());
                kurier::play::run(input, std::io::stdout().lock(), &play)?;
            }
            Ok(true)
        }
        Command::Tune(a) => {
            kurier_tune::tune::run(&a, &mut out)?;
            Ok(true)
        }
        Command::Train(a) => {
            kurier_tune::train::run(&a, &mut out)?;
            Ok(true)
        }
        Command::Datagen(a) => {
            // The header records the command as typed, with the program's name alone.
            let words = std::iter::once("kurier".to_string()).chain(std::env::args().skip(1));
            let summary = kurier_tune::datagen::run(&a.options(cli::shell_line(words)))?;
            writeln!(out, "{summary}")?;
            Ok(true)
        }
        Command::PgnData(a) => {
            let s = kurier::pgn_data::run(a.variant, &a.pgn, &a.out, &mut std::io::stderr())?;
            writeln!(
                out,
                "pgn-data: {} games, {} positions, {} games left out; {}",
                s.games,
                s.positions,
                s.refused,
                a.out.display()
            )?;
            Ok(true)
        }
        Command::NetUpgrade(a) => {
            let up = kurier::net_upgrade::run(&a.old, &a.new)?;
            writeln!(
                out,
                "net-upgrade: {} ({}, {}) -> {} (KURNNUE3, {} bytes): network {:016x}",
                a.old.display(),
                up.from,
                up.net.variant(),
                a.new.display(),
                up.bytes,
                up.net.hash()
            )?;
            Ok(true)
        }
        Command::DataConvert(a) => {
            let c = kurier_tune::convert::run(&a.input, &a.output, a.variant)?;
            writeln!(
                out,
                "data-convert: {} positions, {} bytes -> {} bytes ({:.2} bytes per position); {}",
                c.positions,
                c.bytes_in,
                c.bytes_out,
                c.bytes_out as f64 / c.positions.max(1) as f64,
                a.output.display()
            )?;
            Ok(true)
        }
        Command::Serve(a) => {
            drop(out);
            kurier_serve::run(&a.options())?;
            Ok(true)
        }
        Command::Match(a) => {
            let command = a.into_command().unwrap_or_else(|e| usage_error("match", e));
            match kurier_match::run(&command, &mut out)? {
                kurier_match::RunEnd::Done => Ok(true),
                kurier_match::RunEnd::Mismatch => Ok(false),
                kurier_match::RunEnd::Interrupted(signal) => {
                    // Stopped in order by SIGINT or SIGTERM: the status a shell reports for the
                    // signal (130, 143), after the tables are out.
                    out.flush()?;
                    std::process::exit(signal.exit_status());
                }
            }
        }
    }
}

/// The command line, with a cutechess-cli style `kurier match -variant ... -engine cmd=...`
/// rewritten into Kurier's flags (`kurier_match::cutechess_args`) before clap reads it. `match`
/// is the first word after the global `--config FILE`, if any.
fn command_line() -> Vec<OsString> {
    let mut args: Vec<OsString> = std::env::args_os().collect();
    let mut i = 1;
    while let Some(word) = args.get(i).and_then(|a| a.to_str()) {
        match word {
            "--config" => i += 2,
            w if w.starts_with("--config=") => i += 1,
            _ => break,
        }
    }
    if args.get(i).and_then(|a| a.to_str()) == Some("match") {
        let rest = args.split_off(i + 1);
        match kurier_match::cutechess_args::normalise(rest) {
            Ok(rest) => args.extend(rest),
            Err(e) => usage_error("match", e),
        }
    }
    args
}

fn main() -> ExitCode {
    // Help, the version and mistakes in the arguments: clap prints them and exits (0 or 2).
    let cli = Cli::parse_from(command_line());
    let loaded = kurier_engine::config::load(cli.config.as_deref());
    start_log(loaded.options.log_level);
    // Each message names the file and line and says what follows (a setting skipped, or all).
    for e in &loaded.errors {
        log::error!("{e}");
    }
    let Some(command) = cli.command else {
        if std::io::stdin().is_terminal() {
            eprintln!(
                "Kurier: type 'uci' or 'xboard' to start a protocol; 'kurier --help' for more."
            );
        }
        // Protocol messages come from the command loop and the search thread: no lock is held
        // here, each message takes it in turn.
        let output = kurier_engine::protocol::Output::new(std::io::stdout());
        return match kurier_engine::protocol::run(std::io::stdin().lock(), output, &loaded.options)
        {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if broken_pipe(&e) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("kurier: {e}");
                ExitCode::FAILURE
            }
        };
    };
    match run(command) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        // The reader of stdout went away (`kurier ... | head`): no message (closed_pipe).
        Err(e) if broken_pipe(&*e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kurier: {e}");
            ExitCode::FAILURE
        }
    }
}
