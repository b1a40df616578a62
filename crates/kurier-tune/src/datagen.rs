//! `kurier datagen`: training positions from self-play.
//!
//! Each game starts from the game's start position (or, with `--openings`, the line of the
//! EPD file that the game's index picks), plays `--random-plies` random legal plies, then lets
//! Kurier's search play both sides with a fixed node or depth limit per move. It ends by the
//! rules, by score adjudication (a side ahead by [`ADJUDICATE_CP`] for [`ADJUDICATE_PLIES`]
//! plies in a row wins) or as a draw at [`MAX_PLIES`]. The quiet positions the search was asked
//! about are written with its score and the game's result ([`play::play_game`] says which).
//!
//! The search evaluates as the engine does by default (the built-in network where the game has
//! one, else the classical evaluation), or with another network (`--eval-file`) or the classical
//! evaluation (`--use-nnue false`); a network file for another game is an error, not ignored.
//!
//! The random plies come from `--seed` and the game's index alone, and each game starts with
//! an empty hash table: a game is the same whichever worker thread plays it, in one run or in a
//! resumed one. The file ([`file`]) is appended a game at a time, each game's block ending in
//! its `# game K` marker, so a run that is stopped is resumed by running it again.

pub mod file;
pub mod play;
pub mod progress;

use crate::sample::MATE_SCORE;
use file::{marker, Header, Scan, ScanError};
use kurier_engine::nnue::{features, network, NetError, Network};
use kurier_engine::search::{Limits, Searchable, Searcher};
use kurier_rules::game::{FenError, Game};
use kurier_rules::games::Variant;
use kurier_rules::with_game;
pub use play::{ADJUDICATE_CP, ADJUDICATE_PLIES, MAX_PLIES};
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use thiserror::Error;

/// What bounds the search of each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveLimit {
    /// This many nodes.
    Nodes(u64),
    /// This many plies deep.
    Depth(u32),
}

/// What the search evaluates with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// As the engine by default: the built-in network where the game has one.
    Builtin,
    /// The classical evaluation (`--use-nnue false`).
    Classical,
    /// The network in this file (`--eval-file`), which must be for the game played.
    File(PathBuf),
}

/// The settings of a `kurier datagen` run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The game.
    pub variant: Variant,
    /// Games in the file when the run is done (indices `0..games`).
    pub games: u64,
    /// The search's limit per move.
    pub limit: MoveLimit,
    /// Random legal plies at the start of each game.
    pub random_plies: u32,
    /// Games played at once (one search thread each).
    pub threads: usize,
    /// The seed of the random plies.
    pub seed: u64,
    /// Hash table per thread, MB.
    pub hash_mb: u64,
    /// The data file, appended to.
    pub out: PathBuf,
    /// Start positions (an EPD or FEN file), one per game in turn; the start position without.
    pub openings: Option<PathBuf>,
    /// The evaluation the games are played with.
    pub evaluation: Evaluation,
    /// The command line, for the file's second header line.
    pub command_line: String,
}

impl Options {
    /// The header's settings: what, besides the variant, makes the games what they are.
    pub fn settings(&self) -> String {
        let limit = match self.limit {
            MoveLimit::Nodes(n) => format!("nodes={n}"),
            MoveLimit::Depth(d) => format!("depth={d}"),
        };
        let openings = self
            .openings
            .as_deref()
            .and_then(Path::file_name)
            .map_or("none".into(), |n| n.to_string_lossy().into_owned());
        // The built-in evaluation adds nothing, so that files written before the choice existed
        // still resume.
        let evaluation = match &self.evaluation {
            Evaluation::Builtin => String::new(),
            Evaluation::Classical => " eval=classical".into(),
            Evaluation::File(path) => format!(
                " eval-file={}",
                path.file_name()
                    .map_or("?".into(), |n| n.to_string_lossy().into_owned())
            ),
        };
        format!(
            "{limit} random-plies={} seed={} openings={openings}{evaluation}",
            self.random_plies, self.seed
        )
    }

    fn limits(&self) -> Limits {
        match self.limit {
            MoveLimit::Nodes(n) => Limits {
                nodes: Some(n.max(1)),
                ..Limits::default()
            },
            MoveLimit::Depth(d) => Limits {
                depth: Some(d.max(1)),
                ..Limits::default()
            },
        }
    }
}

/// Why `kurier datagen` stopped.
#[derive(Debug, Error)]
pub enum DatagenError {
    /// A file cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The data file cannot be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The existing data file cannot be resumed: no header, a bad line.
    #[error("{}: {source}; give another --out file", path.display())]
    BadFile {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: ScanError,
    },
    /// The existing data file holds another game.
    #[error(
        "{} holds {found} positions, not {wanted}: give another --out file (or --variant {found} to resume it)",
        path.display()
    )]
    OtherVariant {
        /// The file.
        path: PathBuf,
        /// The file's variant.
        found: String,
        /// The variant asked for.
        wanted: Variant,
    },
    /// A line of the openings file is no playable position of the game.
    #[error("{}, line {line}: {problem}", path.display())]
    Opening {
        /// The openings file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        problem: OpeningProblem,
    },
    /// The `--eval-file` network does not read or is for another game.
    #[error("{}: {source}", path.display())]
    Net {
        /// The network file.
        path: PathBuf,
        /// What is wrong.
        source: NetError,
    },
    /// The openings file has no position.
    #[error("{}: no position in the file", path.display())]
    NoOpenings {
        /// The openings file.
        path: PathBuf,
    },
}

/// Why a line of the openings file is not a start position.
#[derive(Debug, Error)]
pub enum OpeningProblem {
    /// Not a position of the game.
    #[error("not a {game} position: {error}")]
    Fen {
        /// The game.
        game: &'static str,
        /// The FEN error of the whole line.
        error: FenError,
    },
    /// The game is already over there.
    #[error("the game is over in this position")]
    Over,
}

/// What a run did, for the summary line on stdout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Games played by this run.
    pub played: u64,
    /// Positions they wrote.
    pub positions: u64,
    /// Of the games played: White's wins, draws, White's losses.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses (Black's wins).
    pub losses: u64,
    /// Games of `0..games` in the file now.
    pub in_file: u64,
    /// Games asked for.
    pub games: u64,
    /// The file.
    pub out: PathBuf,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "datagen: {} games, {} positions, W/D/L {}/{}/{} (White's view); {} has {} of {} games",
            self.played,
            self.positions,
            self.wins,
            self.draws,
            self.losses,
            self.out.display(),
            self.in_file,
            self.games
        )
    }
}

/// Runs `kurier datagen`: plays the games of `0..games` that the file does not hold yet and
/// appends them. Progress goes to stderr; the summary is returned.
pub fn run(options: &Options) -> Result<Summary, DatagenError> {
    with_game!(options.variant, G => run_game::<G>(options))
}

/// The `--eval-file` network, read and checked to be for `G`; `None` for the other choices.
fn load_net<G: Searchable>(
    evaluation: &Evaluation,
) -> Result<Option<std::sync::Arc<Network>>, DatagenError> {
    let Evaluation::File(path) = evaluation else {
        return Ok(None);
    };
    let bytes = network::read_file(path).map_err(|source| DatagenError::Read {
        path: path.clone(),
        source,
    })?;
    let net = Network::from_bytes(&bytes)
        .and_then(|n| n.check(G::NAME, features::inputs::<G>()).map(|()| n))
        .map_err(|source| DatagenError::Net {
            path: path.clone(),
            source,
        })?;
    Ok(Some(std::sync::Arc::new(net)))
}

/// [`run`] for the game `G`.
fn run_game<G: Searchable>(options: &Options) -> Result<Summary, DatagenError> {
    let openings = match &options.openings {
        Some(path) => load_openings::<G>(path)?,
        None => vec![G::start()],
    };
    let net = load_net::<G>(&options.evaluation)?;
    let (mut out, scan) = open_out::<G>(options)?;
    let todo: Vec<u64> = (0..options.games)
        .filter(|g| !scan.finished.contains(g))
        .collect();
    let already = options.games - todo.len() as u64;
    let threads = options.threads.clamp(1, todo.len().max(1));
    eprintln!(
        "kurier datagen: {} {} games to play ({already} already in {}), {threads} thread(s)",
        todo.len(),
        G::NAME,
        options.out.display()
    );
    let settings = play::Settings {
        limits: options.limits(),
        random_plies: options.random_plies,
    };
    let mut summary = Summary {
        played: 0,
        positions: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        in_file: already,
        games: options.games,
        out: options.out.clone(),
    };
    let next = AtomicUsize::new(0);
    let mut progress = progress::Progress::new(todo.len() as u64);
    let written = std::thread::scope(|scope| {
        let (send, receive) = mpsc::channel::<(u64, play::Played)>();
        for _ in 0..threads {
            let (send, next, todo, openings, settings, net) =
                (send.clone(), &next, &todo, &openings, &settings, &net);
            scope.spawn(move || {
                let mut searcher = Searcher::new(options.hash_mb, 1);
                searcher.set_use_nnue(options.evaluation != Evaluation::Classical);
                searcher.set_net(net.clone());
                while let Some(&game) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let start = &openings[(game % openings.len() as u64) as usize];
                    let mut rng = crate::rng::SplitMix64::for_game(options.seed, game);
                    let played = play::play_game(&mut searcher, start, settings, &mut rng);
                    // The writer is gone after an error: stop.
                    if send.send((game, played)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        progress.update(0, 0);
        for (game, played) in receive {
            if let Err(source) = out.write_game(game, &played) {
                // Workers stop at their next game: nothing takes more.
                next.store(todo.len(), Ordering::Relaxed);
                return Err(DatagenError::Write {
                    path: options.out.clone(),
                    source,
                });
            }
            summary.played += 1;
            summary.in_file += 1;
            summary.positions += played.samples.len() as u64;
            match played.end.result() {
                crate::sample::WhiteResult::Win => summary.wins += 1,
                crate::sample::WhiteResult::Draw => summary.draws += 1,
                crate::sample::WhiteResult::Loss => summary.losses += 1,
            }
            progress.update(summary.played, summary.positions);
        }
        out.finish().map_err(|source| DatagenError::Write {
            path: options.out.clone(),
            source,
        })
    });
    progress.finish(summary.played, summary.positions);
    written.map(|()| summary)
}

/// How often at least a packed file gets a block of the games played (a run stopped loses the
/// games since, which a resumed run plays again).
const PACKED_FLUSH: std::time::Duration = std::time::Duration::from_secs(60);

/// The data file being appended to: text, or packed ([`crate::packed`]).
enum Out<G: Game> {
    /// Text lines, a game's block at a time.
    Text(File),
    /// Packed, a block of games at a time.
    Packed {
        /// The writer.
        writer: Box<crate::packed::writer::PackedWriter<G, File>>,
        /// When the last block was written.
        flushed: std::time::Instant,
    },
}

impl<G: Game> Out<G> {
    /// Appends a game: its positions, then its marker.
    fn write_game(&mut self, game: u64, played: &play::Played) -> std::io::Result<()> {
        match self {
            Out::Text(file) => file.write_all(block(game, played).as_bytes()),
            Out::Packed { writer, flushed } => {
                for s in &played.samples {
                    let pos = G::from_fen(&s.fen).map_err(|e| {
                        std::io::Error::other(format!("datagen wrote a bad FEN {}: {e}", s.fen))
                    })?;
                    writer.sample(&pos, &s.fen, s.score, s.result)?;
                }
                let end = marker(game, &about(played));
                writer.line(end.trim_end().as_bytes(), true)?;
                if flushed.elapsed() >= PACKED_FLUSH {
                    writer.flush_block()?;
                    *flushed = std::time::Instant::now();
                }
                Ok(())
            }
        }
    }

    /// Writes what is held (a packed file's last block and end mark).
    fn finish(self) -> std::io::Result<()> {
        match self {
            Out::Text(mut file) => file.flush(),
            Out::Packed { writer, .. } => writer.finish().map(drop),
        }
    }
}

/// What a game's marker says after its number.
fn about(played: &play::Played) -> String {
    format!(
        "{}, {} plies, {} positions",
        played.end,
        played.plies,
        played.samples.len()
    )
}

/// A game's block: its samples, then its marker.
fn block(game: u64, played: &play::Played) -> String {
    let mut text = String::new();
    for s in &played.samples {
        debug_assert!(s.score.abs() < MATE_SCORE);
        text.push_str(&s.to_string());
        text.push('\n');
    }
    text.push_str(&marker(game, &about(played)));
    text
}

/// Opens the data file for appending: a new one (or an empty one) gets the header; an existing
/// one must be of the variant, and loses the block cut short at its end, if any. An existing
/// file keeps its format; a new one is text when its name ends in `.txt`, else packed.
fn open_out<G: Game>(options: &Options) -> Result<(Out<G>, Scan), DatagenError> {
    let path = &options.out;
    let read_error = |source| DatagenError::Read {
        path: path.clone(),
        source,
    };
    let write_error = |source| DatagenError::Write {
        path: path.clone(),
        source,
    };
    let bad = |source| DatagenError::BadFile {
        path: path.clone(),
        source,
    };
    let existing = match kurier_wire::input_file::open_regular(path) {
        Ok(mut f) => {
            let mut bytes = Vec::new();
            f.read_to_end(&mut bytes).map_err(read_error)?;
            Some(bytes)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(read_error(e)),
    };
    let packed = match &existing {
        // A packed file, or one cut within its magic.
        Some(bytes) if !bytes.is_empty() => {
            crate::packed::MAGIC.starts_with(&bytes[..bytes.len().min(8)])
        }
        _ => !crate::convert::is_text_name(path),
    };
    let scan = match &existing {
        None => Scan::default(),
        Some(bytes) if packed => match file::scan_packed::<G>(bytes) {
            Ok(scan) => scan,
            Err(crate::packed::PackedError {
                problem: crate::packed::Problem::Variant { found, .. },
                ..
            }) => {
                return Err(DatagenError::OtherVariant {
                    path: path.clone(),
                    found,
                    wanted: options.variant,
                })
            }
            Err(e) => return Err(bad(ScanError::Packed(e))),
        },
        Some(bytes) => file::scan(&bytes[..]).map_err(|source| match source {
            ScanError::Io(e) => read_error(e),
            source => bad(source),
        })?,
    };
    let wanted = Header {
        variant: options.variant.name().to_string(),
        settings: options.settings(),
    };
    if let Some(found) = &scan.header {
        if found.variant != wanted.variant {
            return Err(DatagenError::OtherVariant {
                path: path.clone(),
                found: found.variant.clone(),
                wanted: options.variant,
            });
        }
        if found.settings != wanted.settings {
            eprintln!(
                "kurier datagen: warning: {} was written with '{}', this run uses '{}'",
                path.display(),
                found.settings,
                wanted.settings
            );
        }
    }
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(write_error)?;
    if scan.total_len > scan.complete_len {
        if !packed || scan.total_len - scan.complete_len != 8 {
            eprintln!(
                "kurier datagen: {}: dropping the last {} bytes, a game cut short",
                path.display(),
                scan.total_len - scan.complete_len
            );
        }
        file.set_len(scan.complete_len).map_err(write_error)?;
    }
    let head = format!(
        "{}# command: {}\n",
        wanted.line(),
        options.command_line.replace('\n', " ")
    );
    if !packed {
        if scan.header.is_none() {
            file.write_all(head.as_bytes()).map_err(write_error)?;
        }
        return Ok((Out::Text(file), scan));
    }
    let mut writer = if scan.complete_len == 0 {
        crate::packed::writer::PackedWriter::new(file)
    } else {
        crate::packed::writer::PackedWriter::appending(file)
    }
    .map_err(write_error)?;
    if scan.header.is_none() {
        for line in head.lines() {
            writer.line(line.as_bytes(), true).map_err(write_error)?;
        }
    }
    let out = Out::Packed {
        writer: Box::new(writer),
        flushed: std::time::Instant::now(),
    };
    Ok((out, scan))
}

/// The start positions of an openings file: a position per line (FEN, or EPD with operations
/// after the position's fields), `#` comments and blank lines skipped.
fn load_openings<G: Game>(path: &Path) -> Result<Vec<G>, DatagenError> {
    let text =
        kurier_wire::input_file::read_to_string_capped(path, 256 << 20).map_err(|source| {
            DatagenError::Read {
                path: path.to_path_buf(),
                source,
            }
        })?;
    let mut positions = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let problem = |problem| DatagenError::Opening {
            path: path.to_path_buf(),
            line: i + 1,
            problem,
        };
        let pos = epd_position::<G>(line).map_err(|error| {
            problem(OpeningProblem::Fen {
                game: G::NAME,
                error,
            })
        })?;
        if pos.outcome().is_some() {
            return Err(problem(OpeningProblem::Over));
        }
        positions.push(pos);
    }
    if positions.is_empty() {
        return Err(DatagenError::NoOpenings {
            path: path.to_path_buf(),
        });
    }
    Ok(positions)
}

/// The position of an EPD or FEN line: its longest run of first words (before any `;`, at most
/// the six of a FEN) that reads as a position; EPD operations (`bm e4; id "x";`) follow the
/// position's fields. The error is that of the longest run.
fn epd_position<G: Game>(line: &str) -> Result<G, FenError> {
    let head = line.split(';').next().unwrap_or("");
    let words: Vec<&str> = head.split_whitespace().collect();
    let mut longest = None;
    for n in (1..=words.len().min(6)).rev() {
        match G::from_fen(&words[..n].join(" ")) {
            Ok(pos) => return Ok(pos),
            Err(e) => {
                longest.get_or_insert(e);
            }
        }
    }
    Err(longest.unwrap_or(FenError::Empty))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurier_rules::games::courier::Courier;

    #[test]
    fn epd_lines_and_fens_read() {
        let start = Courier::start().fen();
        let four: Vec<&str> = start.split(' ').take(4).collect();
        let epd = format!("{} bm a3; id \"x\";", four.join(" "));
        assert_eq!(
            epd_position::<Courier>(&epd).unwrap().fen(),
            Courier::start().fen()
        );
        assert_eq!(epd_position::<Courier>(&start).unwrap().fen(), start);
        assert!(epd_position::<Courier>("8/8/8 w").is_err());
        assert!(matches!(epd_position::<Courier>(""), Err(FenError::Empty)));
    }

    #[test]
    fn settings_name_what_shapes_the_data() {
        let o = Options {
            variant: Variant::Courier,
            games: 10,
            limit: MoveLimit::Nodes(5000),
            random_plies: 8,
            threads: 2,
            seed: 3,
            hash_mb: 16,
            out: "x.txt".into(),
            openings: Some("dir/courier.epd".into()),
            evaluation: Evaluation::Builtin,
            command_line: "kurier datagen".into(),
        };
        assert_eq!(
            o.settings(),
            "nodes=5000 random-plies=8 seed=3 openings=courier.epd"
        );
        assert_eq!(o.limits().nodes, Some(5000));
        let classical = Options {
            evaluation: Evaluation::Classical,
            ..o.clone()
        };
        assert!(classical.settings().ends_with(" eval=classical"));
        let file = Options {
            evaluation: Evaluation::File("nets/k.nnue".into()),
            ..o
        };
        assert!(file.settings().ends_with(" eval-file=k.nnue"));
    }

    #[test]
    fn an_eval_file_must_be_a_network_for_the_game() {
        let dir = std::env::temp_dir().join(format!("kurier-datagen-net-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let courier_net = dir.join("courier.nnue");
        let bytes = kurier_engine::nnue::embedded("courier").unwrap().to_bytes();
        std::fs::write(&courier_net, bytes).unwrap();
        let not_a_net = dir.join("junk.nnue");
        std::fs::write(&not_a_net, b"KURNNUE1 but nothing after").unwrap();
        let options = |variant, net: &Path| Options {
            variant,
            games: 1,
            limit: MoveLimit::Depth(1),
            random_plies: 0,
            threads: 1,
            seed: 0,
            hash_mb: 1,
            out: dir.join("out.txt"),
            openings: None,
            evaluation: Evaluation::File(net.to_path_buf()),
            command_line: "kurier datagen".into(),
        };
        // Checked before any game is played or the data file is made.
        let other_game = run(&options(Variant::Schachdame, &courier_net));
        assert!(
            matches!(
                other_game,
                Err(DatagenError::Net {
                    source: NetError::Game { .. },
                    ..
                })
            ),
            "{other_game:?}"
        );
        assert!(matches!(
            run(&options(Variant::Courier, &not_a_net)),
            Err(DatagenError::Net { .. })
        ));
        assert!(matches!(
            run(&options(Variant::Courier, &dir.join("missing.nnue"))),
            Err(DatagenError::Read { .. })
        ));
        assert!(!dir.join("out.txt").exists());
        // The right network plays.
        let ok = run(&options(Variant::Courier, &courier_net)).unwrap();
        assert_eq!(ok.played, 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
