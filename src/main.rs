//! The `kurier` binary: protocol mode on stdin/stdout by default, or a command-line tool
//! (`perft`, `perft-suite`, `bench`, `play`). See `kurier --help`.

use kurier::cli::{self, Command};
use kurier_rules::with_game;
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

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let config_path = match cli::take_config(&mut args) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("kurier: {e}");
            return ExitCode::from(2);
        }
    };
    let loaded = kurier_engine::config::load(config_path.as_deref());
    start_log(loaded.options.log_level);
    // Each message names the file and line and says what follows (a setting skipped, or all).
    for e in &loaded.errors {
        log::error!("{e}");
    }
    let command = match cli::parse(&args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("kurier: {e}");
            return ExitCode::from(2);
        }
    };
    if command == Command::Protocol {
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
            Err(e) => {
                eprintln!("kurier: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = match command {
        Command::Help => writeln!(out, "{}", cli::USAGE).map_err(|e| e.to_string()),
        Command::Version => {
            writeln!(out, "kurier {}", env!("CARGO_PKG_VERSION")).map_err(|e| e.to_string())
        }
        Command::Protocol => Ok(()),
        Command::Perft {
            variant,
            fen,
            depth,
            divide,
            threads,
        } => {
            with_game!(variant, G => cli::run_perft::<G>(&mut out, fen.as_deref(), depth, divide, threads))
        }
        Command::Play(mut options) => {
            // Colour only for a person at a terminal, and not when they asked for none.
            options.colour = std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
            drop(out);
            kurier::play::run(std::io::stdin().lock(), std::io::stdout().lock(), &options)
        }
        Command::Bench { variant, depth } => cli::run_bench(&mut out, variant, depth),
        Command::Match(command) => match kurier_match::run(&command, &mut out) {
            Ok(true) => Ok(()),
            Ok(false) => return ExitCode::FAILURE,
            Err(e) => Err(e),
        },
        Command::PerftSuite {
            file,
            variant,
            max_depth,
            threads,
        } => match cli::run_suite(&mut out, &file, variant, max_depth, threads) {
            Ok(true) => Ok(()),
            Ok(false) => return ExitCode::FAILURE,
            Err(e) => Err(e),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kurier: {e}");
            ExitCode::FAILURE
        }
    }
}
