//! The `kurier` binary: protocol mode on stdin/stdout by default, or a command-line tool
//! (`perft`, `perft-suite`). See `kurier --help`.

use kurier::cli::{self, Command};
use kurier::config::Config;
use kurier::with_game;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
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
        let config = Config::load();
        // Protocol messages come from the command loop and the search thread: no lock is held
        // here, each message takes it in turn.
        let output = kurier::protocol::Output::new(std::io::stdout());
        return match kurier::protocol::run(std::io::stdin().lock(), output, &config) {
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
        Command::Bench { variant, depth } => cli::run_bench(&mut out, variant, depth),
        Command::Match(command) => match kurier::tournament::run(&command, &mut out) {
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
