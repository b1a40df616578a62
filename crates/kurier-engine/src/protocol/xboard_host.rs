//! Which program speaks XBoard to the engine, read from what it sends (docs/protocols.md).
//!
//! The XBoard GUI (4.9.1, `backend.c`, `InitChessProgram`) sends `memory N` and `cores N` to an
//! engine that announced `memory=1` and `smp=1` (Kurier does), before its init string, whose
//! default is `new` + `random`. cutechess-cli 1.5.1 (`xboardengine.cpp`) and Kurier's own match
//! runner send none of the three. The difference matters twice:
//!
//! - the Courier start: the GUI's `courier` starts from the pre-ceremony array and never says
//!   so, cutechess starts from the ceremony start and never says so either (docs/rules.md C3);
//! - claims: in a game between two engines (`computer` before the game, `TwoMachinesEvent`),
//!   the GUI tests every win claim against its own rules and forfeits the claimer of a win it
//!   cannot see (a Courier bare king or stalemate); a claim of one's own loss always stands;
//! - move-count draws: cutechess plays Courier to its own 70-move rule, not the rule book's 50
//!   moves (`ShatranjBoard::result`; docs/rules.md C8 [choice]), and forfeits a claim of the
//!   50-move draw as an invalid result claim. Away from the GUI the engine therefore claims no
//!   Courier move-count draw and plays on; the host ends the game by its own rule (Kurier's own
//!   runner ends it at the rule book's limit before anyone could claim). cutechess plays
//!   neither Schachdame nor Dual checkers, so their draws are claimed by the rule book.

use super::session::AnyRecord;
use kurier_rules::game::{Outcome, Reason};
use kurier_rules::games::Variant;
use kurier_wire::xboard::XboardCommand;

/// What the engine knows about its XBoard host.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct XboardHost {
    /// The host showed itself as the XBoard (or WinBoard) GUI.
    gui: bool,
    /// The opponent of the current game is a program (`computer` since the last `new`).
    computer_opponent: bool,
}

impl XboardHost {
    /// Takes note of one command from the host.
    pub fn observe(&mut self, command: &XboardCommand) {
        match command {
            XboardCommand::Memory(_) | XboardCommand::Cores(_) | XboardCommand::Random => {
                self.gui = true;
            }
            XboardCommand::New => self.computer_opponent = false,
            XboardCommand::Computer => self.computer_opponent = true,
            _ => {}
        }
    }

    /// True when the host is the XBoard GUI: it plays Courier from its array and referees
    /// with its own rules (`xboard_referee`).
    pub fn is_gui(&self) -> bool {
        self.gui
    }

    /// True when the GUI tests this game's win claims: the XBoard GUI running two engines.
    pub fn tests_claims(&self) -> bool {
        self.gui && self.computer_opponent
    }

    /// True when the host ends a game of `variant` with `outcome` as the rule book does, so
    /// the engine claims it and stops: every result under the XBoard GUI; elsewhere every
    /// result but a Courier move-count draw (docs/rules.md C8), which cutechess plays on to
    /// its own 70-move rule. Where this is false the engine plays on.
    pub fn applies(&self, variant: Variant, outcome: Outcome) -> bool {
        self.gui
            || variant != Variant::Courier
            || !matches!(outcome, Outcome::Draw(Reason::MoveRule(_)))
    }

    /// The rule book's result of `game` ([`AnyRecord::outcome`]) if the host applies it
    /// ([`XboardHost::applies`]); `None` while the game goes on for the host.
    pub fn outcome(&self, game: &AnyRecord) -> Option<Outcome> {
        game.outcome().filter(|&o| self.applies(game.variant(), o))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(lines: &[&str]) -> XboardHost {
        let mut host = XboardHost::default();
        for line in lines {
            host.observe(&line.parse().unwrap());
        }
        host
    }

    #[test]
    fn the_gui_is_told_by_memory_cores_or_random() {
        // XBoard 4.9.1 after the features: memory, cores, then its init string.
        let gui = host(&[
            "xboard",
            "protover 2",
            "memory 68",
            "cores 1",
            "new",
            "random",
        ]);
        assert!(gui.is_gui());
        assert!(host(&["new", "random", "variant courier"]).is_gui());
        assert!(host(&["memory 64"]).is_gui());
        // cutechess-cli 1.5.1: new, variant, force, level, post, easy, computer, name.
        let cutechess = host(&[
            "xboard",
            "protover 2",
            "accepted done",
            "new",
            "variant courier",
            "force",
            "level 40 5 0",
            "post",
            "easy",
            "computer",
            "name Other",
        ]);
        assert!(!cutechess.is_gui());
        assert!(
            !cutechess.tests_claims(),
            "cutechess judges by its own rules"
        );
    }

    #[test]
    fn courier_move_count_draws_are_left_to_hosts_other_than_the_gui() {
        let fifty = Outcome::Draw(Reason::MoveRule(100));
        let gui = host(&["memory 68", "new", "random", "variant courier"]);
        assert!(gui.applies(Variant::Courier, fifty));
        let cutechess = host(&["new", "variant courier", "force", "computer"]);
        assert!(
            !cutechess.applies(Variant::Courier, fifty),
            "cutechess plays to 70 moves"
        );
        // Black to move has 100 plies behind it: the rule book's draw (C8), not cutechess's.
        let past = AnyRecord::from_fen(
            Variant::Courier,
            "12/12/5k6/12/7p4/7P4/12/R10K b - - 100 80",
        )
        .unwrap();
        assert_eq!(past.outcome(), Some(fifty));
        assert_eq!(cutechess.outcome(&past), None);
        assert_eq!(gui.outcome(&past), Some(fifty));
        // The games cutechess does not play keep the rule book's draws.
        assert!(cutechess.applies(Variant::Schachdame, fifty));
        assert!(cutechess.applies(Variant::DualCheckers, Outcome::Draw(Reason::MoveRule(30))));
        for other in [
            Outcome::Draw(Reason::Repetition),
            Outcome::Draw(Reason::TwoBareKings),
            Outcome::Win {
                winner: kurier_rules::game::Color::White,
                reason: Reason::BareKing,
            },
        ] {
            assert!(cutechess.applies(Variant::Courier, other), "{other:?}");
        }
    }

    #[test]
    fn claims_are_tested_between_two_engines_until_the_next_game() {
        let two = host(&["memory 68", "new", "random", "variant courier", "computer"]);
        assert!(two.tests_claims());
        let human = host(&["memory 68", "new", "random", "variant courier", "name root"]);
        assert!(!human.tests_claims());
        let next = host(&["memory 68", "computer", "new", "random"]);
        assert!(
            !next.tests_claims(),
            "`new` starts a game against a new opponent"
        );
    }
}
