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
//!   move-count draw and plays on; the host ends the game by its own rule (Kurier's own runner
//!   ends it at the rule book's limit before anyone could claim).

use kurier_rules::game::{Outcome, Reason};
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

    /// True when the host ends the game with `outcome` as the rule book does, so the engine
    /// claims it and stops: every result under the XBoard GUI; elsewhere every result but a
    /// move-count draw (docs/rules.md S8, C8, D10), which a host such as cutechess plays to its
    /// own limit. Where this is false the engine plays on.
    pub fn applies(&self, outcome: Outcome) -> bool {
        self.gui || !matches!(outcome, Outcome::Draw(Reason::MoveRule(_)))
    }

    /// The result the host gives the game that `outcome` (the rule book's) ends, if it applies
    /// it ([`XboardHost::applies`]).
    pub fn outcome(&self, outcome: Option<Outcome>) -> Option<Outcome> {
        outcome.filter(|&o| self.applies(o))
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
    fn move_count_draws_are_left_to_hosts_other_than_the_gui() {
        let fifty = Outcome::Draw(Reason::MoveRule(100));
        let gui = host(&["memory 68", "new", "random", "variant courier"]);
        assert!(gui.applies(fifty));
        let cutechess = host(&["new", "variant courier", "force", "computer"]);
        assert!(!cutechess.applies(fifty), "cutechess plays to 70 moves");
        assert_eq!(cutechess.outcome(Some(fifty)), None);
        for other in [
            Outcome::Draw(Reason::Repetition),
            Outcome::Draw(Reason::TwoBareKings),
            Outcome::Win {
                winner: kurier_rules::game::Color::White,
                reason: Reason::BareKing,
            },
        ] {
            assert!(cutechess.applies(other), "{other:?}");
            assert_eq!(cutechess.outcome(Some(other)), Some(other));
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
