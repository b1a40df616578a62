//! Openings: start positions for the games of a match, from a file of FEN/EPD lines or of PGN
//! games (their moves are played and kept, so engines see the history), checked with Kurier's
//! rules when loaded. Without a file every game starts from the game's start position.

use super::pgn;
use super::settings::{OpeningOrder, OpeningsSpec};
use kurier_rules::game::Game;
use kurier_rules::games::Variant;
use kurier_rules::record::GameRecord;
use kurier_rules::with_game;

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

/// Reads one position of an EPD or FEN line: the longest prefix of its words that is a FEN of
/// the game (EPD operations such as `bm e4; id "x";` follow the four position fields).
fn fen_line<G: Game>(line: &str) -> Result<G, String> {
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
    Err(first_error.map_or("empty line".to_string(), |e| e.to_string()))
}

/// Checks an opening: its moves are legal and the game is not over at its end.
fn checked<G: Game>(start: G, moves: &[String], plies: Option<usize>) -> Result<Opening, String> {
    let fen = start.fen();
    let mut record = GameRecord::new(start);
    let mut kept = Vec::new();
    for text in moves.iter().take(plies.unwrap_or(usize::MAX)) {
        let pos = record.current().clone();
        let mv = pos
            .parse_move(text)
            .map_err(|e| format!("move {}: {e}", kept.len() + 1))?;
        kept.push(pos.format_move(mv));
        record.play(mv);
        if let Some(o) = record.outcome() {
            return Err(format!("the game is over after move {}: {o}", kept.len()));
        }
    }
    if let Some(o) = record.outcome() {
        return Err(format!("the game is over in this position: {o}"));
    }
    Ok(Opening { fen, moves: kept })
}

fn looks_like_pgn(path: &std::path::Path, text: &str) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
        || text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))
            .is_some_and(|l| l.starts_with('[') || l.starts_with("1."))
}

fn parse_typed<G: Game>(
    path: &std::path::Path,
    text: &str,
    plies: Option<usize>,
) -> Result<Vec<Opening>, String> {
    let name = path.display();
    let mut out = Vec::new();
    if looks_like_pgn(path, text) {
        for (n, game) in pgn::parse(text)
            .map_err(|e| format!("{name}: {e}"))?
            .iter()
            .enumerate()
        {
            let at = format!("{name}: game {} (line {})", n + 1, game.line);
            if let Some(v) = game.tag("Variant") {
                if !v.eq_ignore_ascii_case(G::NAME) {
                    return Err(format!(
                        "{at}: variant '{v}', but the match plays {}",
                        G::NAME
                    ));
                }
            }
            let start = match game.tag("FEN") {
                Some(fen) => G::from_fen(fen).map_err(|e| format!("{at}: bad FEN: {e}"))?,
                None => G::start(),
            };
            let moves: Vec<String> = game.moves.iter().map(|m| m.text.clone()).collect();
            out.push(checked(start, &moves, plies).map_err(|e| format!("{at}: {e}"))?);
        }
    } else {
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
                continue;
            }
            let at = format!("{name} line {}", i + 1);
            let pos = fen_line::<G>(line)
                .map_err(|e| format!("{at}: not a {} position: {e}", G::NAME))?;
            out.push(checked(pos, &[], None).map_err(|e| format!("{at}: {e}"))?);
        }
    }
    if out.is_empty() {
        return Err(format!("{name}: no openings in the file"));
    }
    Ok(out)
}

/// Reads and checks the openings file.
pub fn parse(
    variant: Variant,
    path: &std::path::Path,
    text: &str,
    plies: Option<usize>,
) -> Result<Vec<Opening>, String> {
    with_game!(variant, G => parse_typed::<G>(path, text, plies))
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

/// The openings of a match, in the order they are used.
pub fn load(
    variant: Variant,
    spec: Option<&OpeningsSpec>,
    seed: u64,
) -> Result<Vec<Opening>, String> {
    let Some(spec) = spec else {
        return Ok(vec![start_opening(variant)]);
    };
    let text = std::fs::read_to_string(&spec.file)
        .map_err(|e| format!("cannot read openings {}: {e}", spec.file.display()))?;
    let mut openings = parse(variant, &spec.file, &text, spec.plies)?;
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
    use std::path::Path;

    #[test]
    fn fen_and_epd_lines() {
        let text = "# comment\n\
            rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1\n\
            rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - bm b2b3; id \"array\";\n";
        let o = parse(Variant::Courier, Path::new("x.epd"), text, None).unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(o[1].fen, kurier_rules::games::courier::PRE_CEREMONY_FEN);
        let e = parse(Variant::Courier, Path::new("x.epd"), "8/8 w\n", None).unwrap_err();
        assert!(e.contains("line 1") && e.contains("courier"), "{e}");
        // A finished position is no opening.
        let e = parse(
            Variant::Schachdame,
            Path::new("x.epd"),
            "8/8/8/8/8/8/1K6/k1B5 b - - 0 1\n",
            None,
        );
        assert!(e.is_err());
    }

    #[test]
    fn pgn_openings_keep_their_moves() {
        let text = "[Variant \"schachdame\"]\n\n1. b2a3 a7b6 2. c1b2 *\n\n1. d2c3 *\n";
        let o = parse(Variant::Schachdame, Path::new("book.pgn"), text, Some(2)).unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(o[0].moves, vec!["b2a3", "a7b6"]);
        let e = parse(Variant::Courier, Path::new("book.pgn"), text, None).unwrap_err();
        assert!(e.contains("variant"), "{e}");
        let e = parse(Variant::Schachdame, Path::new("b.pgn"), "1. b2b4 *", None).unwrap_err();
        assert!(e.contains("move 1"), "{e}");
    }

    #[test]
    fn shuffle_is_deterministic() {
        let mut a = SplitMix::new(7);
        let mut b = SplitMix::new(7);
        assert_eq!(a.next_u64(), b.next_u64());
    }
}
