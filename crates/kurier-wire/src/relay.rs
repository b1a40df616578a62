//! Reading back what XBoard 4.9.1 makes of a Dual-checkers capture when it relays it to the
//! other engine (docs/protocols.md: XBoard keeps at most two intermediate squares per move).
//!
//! XBoard stores a multi-leg move as from-square, to-square and up to two "kill" squares, and
//! rebuilds text from that when it forwards the move (backend.c of XBoard 4.9.1, read and
//! measured in a real game):
//!
//! - two legs `A K,K T` are kept as (A, T, kill K) and sent back unchanged, unless XBoard's own
//!   board shows K empty or holding the mover's colour — which happens once its board has gone
//!   wrong, see below — when it takes the move for a castling and sends `A T,K X`, X being the
//!   square beside T (toward A's side of K);
//! - three or more legs `A B,B C,C D,...` are kept as (A, B, kill C, kill B): everything after the
//!   second leg is lost, and the move goes out as `A B,B C,C B` (or, by the castling rule above,
//!   as `A B,C X`).
//!
//! A garbled relay leaves XBoard's board wrong (the capturing piece on the wrong square), and a
//! later move from the real square is then refused by XBoard itself, which forfeits the engine.
//! So Kurier, under XBoard, writes a capture of three or more legs in the short form
//! [`xboard_form`] `A V,V T` — from-square, first victim, final square — which XBoard stores
//! whole (A, T, kill V) and relays unchanged: the capturing piece lands on its real square and
//! the first victim goes. It still cannot remove the other victims (4.9.1 has room for one kill
//! beside the destination), so its display keeps them as ghosts until something moves onto
//! their squares; the engines keep the true game. The short form is used only when it names one
//! legal move; otherwise the full legs go out (and come back as above).
//!
//! A relayed text is read as the one legal move that XBoard could have turned into it; none or
//! several is an illegal move, as before.

use kurier_rules::game::{Game, MoveError, MoveList};

/// The legs of a move written with two-character squares (`e2f3,f3g4`), or `None`.
fn legs(mv: &str) -> Option<Vec<&str>> {
    let legs: Vec<&str> = mv.split(',').collect();
    legs.iter()
        .all(|l| l.len() == 4 && l.is_ascii())
        .then_some(legs)
}

/// Every text XBoard 4.9.1 may send for the move written `mv` (legs joined by commas, squares of
/// two characters: Dual checkers is 8x8).
pub fn relayed_forms(mv: &str) -> Vec<String> {
    let Some(legs) = legs(mv) else {
        return vec![mv.to_string()];
    };
    let sq = |leg: &str, end: usize| leg[2 * end..2 * end + 2].to_string();
    let beside = |to: &str, from: &str, kill: &str| -> Option<String> {
        let (t, f, k) = (to.as_bytes()[0], from.as_bytes()[0], kill.as_bytes()[0]);
        let file = if f > k {
            t.checked_add(1)?
        } else {
            t.checked_sub(1)?
        };
        Some(format!("{}{}", file as char, &to[1..]))
    };
    let mut forms = vec![mv.to_string()];
    match legs.len() {
        2 => {
            let (a, k, t) = (sq(legs[0], 0), sq(legs[0], 1), sq(legs[1], 1));
            if let Some(x) = beside(&t, &a, &k) {
                forms.push(format!("{a}{t},{k}{x}"));
            }
        }
        n if n >= 3 => {
            let (a, b, c) = (sq(legs[0], 0), sq(legs[0], 1), sq(legs[1], 1));
            forms.push(format!("{a}{b},{b}{c},{c}{b}"));
            if let Some(x) = beside(&b, &a, &c) {
                forms.push(format!("{a}{b},{c}{x}"));
            }
            // The short form and what the castling rule makes of it.
            let t = sq(legs[n - 1], 1);
            forms.push(format!("{a}{b},{b}{t}"));
            if let Some(x) = beside(&t, &a, &b) {
                forms.push(format!("{a}{t},{b}{x}"));
            }
        }
        _ => {}
    }
    forms
}

/// The text to send XBoard 4.9.1 for the legal move `mv`: the short form `A V,V T` (from-square,
/// first victim, final square) for a capture of three or more legs when no other legal move
/// has the same three squares, else `mv` itself.
pub fn xboard_form(mv: &str, legal: &[String]) -> String {
    let key = |m: &str| -> Option<(String, String, String)> {
        let legs = legs(m).filter(|l| l.len() >= 2)?;
        let last = legs[legs.len() - 1];
        Some((
            legs[0][..2].to_string(),
            legs[0][2..].to_string(),
            last[2..].to_string(),
        ))
    };
    if mv.matches(',').count() < 2 {
        return mv.to_string();
    }
    let Some(own) = key(mv) else {
        return mv.to_string();
    };
    let sharing = legal
        .iter()
        .filter(|m| key(m).as_ref() == Some(&own))
        .count();
    if sharing == 1 {
        format!("{}{},{}{}", own.0, own.1, own.1, own.2)
    } else {
        mv.to_string()
    }
}

/// Reads an engine's or a GUI's move: any notation of the game, else (for a text with legs) the
/// one legal move XBoard 4.9.1 could have relayed as it. The one place both the XBoard session
/// and the match runner read moves that may have passed through XBoard.
pub fn parse_relayed<G: Game>(pos: &G, text: &str) -> Result<G::Move, MoveError> {
    pos.parse_move(text).or_else(|e| {
        if !text.contains(',') {
            return Err(e);
        }
        let mut list = MoveList::new();
        pos.generate(&mut list);
        if list.overflowed() {
            // Only part of the moves is listed, so "the one move it could be" is unprovable.
            return Err(e);
        }
        let legal: Vec<String> = list.iter().map(|&m| pos.format_move(m)).collect();
        match read_relayed(text, &legal) {
            Some(full) => {
                log::debug!("read XBoard's relayed capture '{text}' as '{full}'");
                pos.parse_move(&full)
            }
            None => Err(e),
        }
    })
}

/// The one move of `legal` that XBoard could have relayed as `text`, if exactly one.
pub fn read_relayed(text: &str, legal: &[String]) -> Option<String> {
    let mut matching = legal
        .iter()
        .filter(|m| relayed_forms(m).iter().any(|f| f == text));
    match (matching.next(), matching.next()) {
        (Some(only), None) => Some(only.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forms_seen_in_a_real_xboard_game() {
        // Measured in XBoard 4.9.1's debug log (tools/xboard_game.sh, 2026-11-30).
        assert!(relayed_forms("e2f3,f3g4,g4h4").contains(&"e2f3,f3g4,g4f3".to_string()));
        assert!(relayed_forms("b3c4,c4d5,d5e5").contains(&"b3c4,c4d5,d5c4".to_string()));
        assert!(relayed_forms("f6e5,e5d4").contains(&"f6d4,e5e4".to_string()));
        assert_eq!(relayed_forms("f3e4"), vec!["f3e4".to_string()]);
    }

    #[test]
    fn long_captures_go_out_short_when_that_names_one_move() {
        let legal = ["d2e3,e3f4,f4g4", "c1d2", "d2e3,e3f4"].map(String::from);
        assert_eq!(xboard_form("d2e3,e3f4,f4g4", &legal), "d2e3,e3g4");
        assert_eq!(xboard_form("d2e3,e3f4", &legal), "d2e3,e3f4");
        assert_eq!(
            read_relayed("d2e3,e3g4", &legal),
            Some("d2e3,e3f4,f4g4".to_string())
        );
        // Two captures with the same start, first victim and end: the full legs go out.
        let legal = ["a1b2,b2c3,c3d4,d4e5", "a1b2,b2c1,c1d2,d2e5"].map(String::from);
        assert_eq!(xboard_form(&legal[0], &legal), legal[0]);
    }

    #[test]
    fn only_a_unique_reading_is_accepted() {
        let legal = ["e2f3,f3g4,g4h4", "e2f3,f3g4,g4g5", "c1d2"].map(String::from);
        assert_eq!(read_relayed("c1d2", &legal), Some("c1d2".to_string()));
        assert_eq!(
            read_relayed("e2f3,f3g4,g4f3", &legal),
            None,
            "two captures fit"
        );
        let legal = ["e2f3,f3g4,g4h4", "c1d2"].map(String::from);
        assert_eq!(
            read_relayed("e2f3,f3g4,g4f3", &legal),
            Some("e2f3,f3g4,g4h4".to_string())
        );
        assert_eq!(read_relayed("e2f3,f3g4,g4a1", &legal), None);
    }
}
