//! Openings: start positions for the games of a match, from a file of FEN/EPD lines or of PGN
//! games (their moves are played and kept, so engines see the history; SAN, LAN or protocol
//! notation, [`super::notation`]), checked with Kurier's rules when loaded. Without a file every
//! game starts from the game's start position.

use super::notation::PgnMoves;
use super::settings::{OpeningFormat, OpeningOrder, OpeningsSpec};
use kurier_rules::game::{FenError, Game, MoveError, Outcome};
use kurier_rules::games::Variant;
use kurier_rules::pgn::{self, PgnError};
use kurier_rules::record::GameRecord;
use kurier_rules::with_game;
use kurier_wire::input_file::{read_to_string_capped, MIB};
use std::path::{Path, PathBuf};

/// A start position and the moves played from it before the engines take over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The position before the opening moves, as FEN.
    pub fen: String,
    /// Opening moves in protocol notation.
    pub moves: Vec<String>,
}

/// The game's start position, no moves.
pub fn start_opening(variant: Variant) -> Opening {
    with_game!(variant, G => Opening { fen: G::start().fen(), moves: Vec::new() })
}

/// Where in the openings file an opening is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A FEN/EPD line.
    Line(usize),
    /// A PGN game, counted from 1, and the line it starts on.
    Game {
        /// Which game.
        number: usize,
        /// Its first line.
        line: usize,
    },
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Place::Line(n) => write!(f, "line {n}"),
            Place::Game { number, line } => write!(f, "game {number} (line {line})"),
        }
    }
}

/// What is wrong with one opening.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningProblem {
    /// A FEN/EPD line that is no position of the game (the first FEN error, of the longest
    /// reading of its words).
    #[error("not a {game} position: {error}")]
    NotAPosition {
        /// The game of the match.
        game: &'static str,
        /// Why.
        error: FenError,
    },
    /// A line with no position fields (only EPD operations).
    #[error("not a {0} position: no FEN fields")]
    NoFields(&'static str),
    /// A PGN game of another variant.
    #[error("variant '{found}', but the match plays {plays}")]
    Variant {
        /// Its `Variant` tag.
        found: String,
        /// The game of the match.
        plays: &'static str,
    },
    /// A PGN game whose `FEN` tag does not read.
    #[error("bad FEN: {0}")]
    Fen(FenError),
    /// A move of a PGN opening that does not read or is not legal.
    #[error("move {number}: {error}")]
    Move {
        /// Which move, from 1.
        number: usize,
        /// Why.
        error: MoveError,
    },
    /// The rules end the game within the opening's moves.
    #[error("the game is over after move {number}: {outcome}")]
    OverAfter {
        /// The move that ended it, from 1.
        number: usize,
        /// How.
        outcome: Outcome,
    },
    /// The position is already a finished game.
    #[error("the game is over in this position: {0}")]
    Over(Outcome),
}

/// Why the openings of a match could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum OpeningsError {
    /// The file could not be read.
    #[error("cannot read openings {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file looks like PGN but is not.
    #[error("{}: {source}", path.display())]
    Pgn {
        /// The file.
        path: PathBuf,
        /// Why.
        source: PgnError,
    },
    /// One opening cannot be played.
    #[error("{}, {place}: {problem}", path.display())]
    Opening {
        /// The file.
        path: PathBuf,
        /// Where in it.
        place: Place,
        /// What is wrong.
        problem: OpeningProblem,
    },
    /// The file holds no opening.
    #[error("{}: no openings in the file", path.display())]
    Empty {
        /// The file.
        path: PathBuf,
    },
}

/// Reads one position of an EPD or FEN line: the longest prefix of its words that is a FEN of
/// the game (EPD operations such as `bm e4; id "x";` follow the four position fields).
fn fen_line<G: Game>(line: &str) -> Result<G, OpeningProblem> {
    let words: Vec<&str> = line
        .split(';')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let mut first_error = None;
    for n in (1..=words.len().min(6)).rev() {
        match G::from_fen(&words[..n].join(" ")) {
            Ok(pos) => return Ok(pos),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    Err(match first_error {
        Some(error) => OpeningProblem::NotAPosition {
            game: G::NAME,
            error,
        },
        None => OpeningProblem::NoFields(G::NAME),
    })
}

/// Checks an opening: its moves are legal and the game is not over at its end.
fn checked<G: PgnMoves>(
    start: G,
    moves: &[String],
    plies: Option<usize>,
) -> Result<Opening, OpeningProblem> {
    let fen = start.fen();
    let mut record = GameRecord::new(start);
    let mut kept = Vec::new();
    for text in moves.iter().take(plies.unwrap_or(usize::MAX)) {
        let pos = record.current().clone();
        let mv = pos.read_move(text).map_err(|error| OpeningProblem::Move {
            number: kept.len() + 1,
            error,
        })?;
        kept.push(pos.format_move(mv));
        record.play(mv);
        if let Some(outcome) = record.outcome() {
            return Err(OpeningProblem::OverAfter {
                number: kept.len(),
                outcome,
            });
        }
    }
    if let Some(o) = record.outcome() {
        return Err(OpeningProblem::Over(o));
    }
    Ok(Opening { fen, moves: kept })
}

fn looks_like_pgn(path: &Path, text: &str) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
        || text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))
            .is_some_and(|l| l.starts_with('[') || l.starts_with("1."))
}

fn parse_typed<G: PgnMoves>(
    path: &Path,
    text: &str,
    format: Option<OpeningFormat>,
    plies: Option<usize>,
) -> Result<Vec<Opening>, OpeningsError> {
    let bad = |place: Place| {
        move |problem: OpeningProblem| OpeningsError::Opening {
            path: path.to_path_buf(),
            place,
            problem,
        }
    };
    let mut out = Vec::new();
    let pgn = match format {
        Some(f) => f == OpeningFormat::Pgn,
        None => looks_like_pgn(path, text),
    };
    if pgn {
        let games = pgn::parse(text).map_err(|source| OpeningsError::Pgn {
            path: path.to_path_buf(),
            source,
        })?;
        for (n, game) in games.iter().enumerate() {
            let at = bad(Place::Game {
                number: n + 1,
                line: game.line,
            });
            if let Some(v) = game.tag("Variant") {
                if !v.eq_ignore_ascii_case(G::NAME) {
                    return Err(at(OpeningProblem::Variant {
                        found: v.to_string(),
                        plays: G::NAME,
                    }));
                }
            }
            let start = match game.tag("FEN") {
                Some(fen) => G::from_fen(fen).map_err(|e| at(OpeningProblem::Fen(e)))?,
                None => G::start(),
            };
            let moves: Vec<String> = game.moves.iter().map(|m| m.text.clone()).collect();
            out.push(checked(start, &moves, plies).map_err(at)?);
        }
    } else {
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
                continue;
            }
            let at = bad(Place::Line(i + 1));
            let pos = fen_line::<G>(line).map_err(at)?;
            out.push(checked(pos, &[], None).map_err(at)?);
        }
    }
    if out.is_empty() {
        return Err(OpeningsError::Empty {
            path: path.to_path_buf(),
        });
    }
    Ok(out)
}

/// Reads and checks the openings file, its format told by its name and first line.
pub fn parse(
    variant: Variant,
    path: &Path,
    text: &str,
    plies: Option<usize>,
) -> Result<Vec<Opening>, OpeningsError> {
    parse_as(variant, path, text, None, plies)
}

/// Reads and checks the openings file in `format` (told by its name and first line when
/// `None`).
pub fn parse_as(
    variant: Variant,
    path: &Path,
    text: &str,
    format: Option<OpeningFormat>,
    plies: Option<usize>,
) -> Result<Vec<Opening>, OpeningsError> {
    with_game!(variant, G => parse_typed::<G>(path, text, format, plies))
}

/// A small deterministic generator (SplitMix64) for shuffling with a seed.
pub struct SplitMix(u64);

impl SplitMix {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The largest openings file read (a book of a million EPD lines is about 80 MB).
pub const MAX_OPENINGS_BYTES: u64 = 256 * MIB;

/// The openings of a match, in the order they are used.
pub fn load(
    variant: Variant,
    spec: Option<&OpeningsSpec>,
    seed: u64,
) -> Result<Vec<Opening>, OpeningsError> {
    let Some(spec) = spec else {
        return Ok(vec![start_opening(variant)]);
    };
    let text = read_to_string_capped(&spec.file, MAX_OPENINGS_BYTES).map_err(|source| {
        OpeningsError::Read {
            path: spec.file.clone(),
            source,
        }
    })?;
    let mut openings = parse_as(variant, &spec.file, &text, spec.format, spec.plies)?;
    // `start=N`: the list begins at the N-th opening and wraps around.
    let first = (spec.start.max(1) - 1) % openings.len();
    openings.rotate_left(first);
    if spec.order == OpeningOrder::Random {
        let mut rng = SplitMix::new(seed);
        for i in (1..openings.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            openings.swap(i, j);
        }
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_and_epd_lines() {
        let text = "# comment\n\
            rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1\n\
            rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - bm b2b3; id \"array\";\n";
        let o = parse(Variant::Courier, Path::new("x.epd"), text, None).unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(o[1].fen, kurier_rules::games::courier::PRE_CEREMONY_FEN);
        let e = parse(Variant::Courier, Path::new("x.epd"), "8/8 w\n", None).unwrap_err();
        assert!(
            matches!(
                &e,
                OpeningsError::Opening {
                    place: Place::Line(1),
                    problem: OpeningProblem::NotAPosition {
                        game: "courier",
                        ..
                    },
                    ..
                }
            ),
            "{e}"
        );
        assert!(e
            .to_string()
            .starts_with("x.epd, line 1: not a courier position"));
        let e = parse(
            Variant::Courier,
            Path::new("x.epd"),
            "\n ; id \"x\";\n",
            None,
        );
        assert!(
            matches!(
                e,
                Err(OpeningsError::Opening {
                    place: Place::Line(2),
                    problem: OpeningProblem::NoFields("courier"),
                    ..
                })
            ),
            "{e:?}"
        );
        // A finished position is no opening.
        let e = parse(
            Variant::Schachdame,
            Path::new("x.epd"),
            "8/8/8/8/8/2K5/1B6/k7 b - - 0 1\n",
            None,
        );
        assert!(
            matches!(
                e,
                Err(OpeningsError::Opening {
                    problem: OpeningProblem::Over(_),
                    ..
                })
            ),
            "{e:?}"
        );
        let e = parse(Variant::Courier, Path::new("x.epd"), "# nothing\n", None);
        assert!(matches!(e, Err(OpeningsError::Empty { .. })), "{e:?}");
    }

    #[test]
    fn pgn_openings_keep_their_moves() {
        let text = "[Variant \"schachdame\"]\n\n1. b2a3 a7b6 2. c1b2 *\n\n1. d2c3 *\n";
        let o = parse(Variant::Schachdame, Path::new("book.pgn"), text, Some(2)).unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(o[0].moves, vec!["b2a3", "a7b6"]);
        let e = parse(Variant::Courier, Path::new("book.pgn"), text, None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "book.pgn, game 1 (line 1): variant 'schachdame', but the match plays courier"
        );
        let e = parse(Variant::Schachdame, Path::new("b.pgn"), "1. b2b4 *", None).unwrap_err();
        assert!(
            matches!(
                e,
                OpeningsError::Opening {
                    problem: OpeningProblem::Move { number: 1, .. },
                    ..
                }
            ),
            "{e}"
        );
        let e = parse(Variant::Schachdame, Path::new("b.pgn"), "1. b2a3 {x", None).unwrap_err();
        assert!(
            matches!(
                e,
                OpeningsError::Pgn {
                    source: PgnError::UnclosedComment { line: 1 },
                    ..
                }
            ),
            "{e}"
        );
    }

    #[test]
    fn format_and_start() {
        let dir = std::env::temp_dir().join(format!("kurier-openings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // A PGN file without a telling name or first line, read as PGN because it is told so.
        let file = dir.join("book.txt");
        std::fs::write(&file, "{book}\n1. b2a3 *\n\n1. d2c3 *\n\n1. f2e3 *\n").unwrap();
        let spec = |format, start| OpeningsSpec {
            file: file.clone(),
            format,
            order: OpeningOrder::Sequential,
            plies: None,
            start,
        };
        assert!(load(
            Variant::Schachdame,
            Some(&spec(Some(OpeningFormat::Epd), 1)),
            1
        )
        .is_err());
        let o = load(
            Variant::Schachdame,
            Some(&spec(Some(OpeningFormat::Pgn), 2)),
            1,
        )
        .unwrap();
        let firsts: Vec<&str> = o.iter().map(|o| o.moves[0].as_str()).collect();
        assert_eq!(firsts, ["d2c3", "f2e3", "b2a3"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn shuffle_is_deterministic() {
        let mut a = SplitMix::new(7);
        let mut b = SplitMix::new(7);
        assert_eq!(a.next_u64(), b.next_u64());
    }
}
