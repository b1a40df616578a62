//! The schedule of a match: who plays whom, with which colours, from which opening.
//!
//! - Pairs: in a round-robin every pair of engines meets in every round; in a gauntlet the
//!   first engine meets each of the others (cutechess-cli's `-tournament gauntlet` with one
//!   seed), and the others do not meet.
//! - In every round each pair plays `games` games (cutechess's games per encounter), the first
//!   engine of the pair with White in its first game; with `swap` the colours alternate game by
//!   game (and round by round when `games` is odd), without it the first engine keeps White.
//! - Openings: each is played `repeat` games in a row (2, Kurier's default, is cutechess's
//!   `-repeat`: the colour-reversed pair; 1 is cutechess's default, a new opening each game);
//!   every pair of a round plays the same openings, the next round the next ones.

use super::settings::{MatchOptions, TournamentKind};

/// One game of the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    /// Game number, from 1.
    pub number: usize,
    /// Round, from 1.
    pub round: u32,
    /// Game number within the round, from 1.
    pub in_round: usize,
    /// The pair of engines (indices, first < second).
    pub pair: (usize, usize),
    /// Engine with White.
    pub white: usize,
    /// Engine with Black.
    pub black: usize,
    /// Index into the openings.
    pub opening: usize,
    /// Which run of `repeat` games on one opening this game belongs to, within its pair and
    /// round: with `repeat` 2 and `swap`, the two games of one group are a colour-reversed pair.
    pub group: usize,
}

/// What the schedule depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Who meets whom.
    pub kind: TournamentKind,
    /// Number of engines.
    pub engines: usize,
    /// Games per pair and round.
    pub games: u32,
    /// Rounds.
    pub rounds: u32,
    /// Games per opening.
    pub repeat: u32,
    /// Colours alternate.
    pub swap: bool,
}

impl Plan {
    /// The plan of a match.
    pub fn of(options: &MatchOptions) -> Plan {
        Plan {
            kind: options.tournament,
            engines: options.engines.len(),
            games: options.games,
            rounds: options.rounds,
            repeat: options.repeat.max(1),
            swap: options.swap,
        }
    }

    /// The pairs that meet in every round, in playing order.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        match self.kind {
            TournamentKind::RoundRobin => (0..self.engines)
                .flat_map(|a| (a + 1..self.engines).map(move |b| (a, b)))
                .collect(),
            TournamentKind::Gauntlet => (1..self.engines).map(|b| (0, b)).collect(),
        }
    }

    /// True when every game has a colour-reversed twin on the same opening: the statistics
    /// that decide are then the pentanomial ones.
    pub fn paired(&self) -> bool {
        self.repeat == 2 && self.swap && self.games.is_multiple_of(2)
    }
}

/// The PGN tag `Schedule` of a game: its number and the plan it belongs to, enough to place the
/// game in the schedule again (for a merge of PGN files, [`super::merge`]):
/// `game=17 tournament=round-robin engines=3 games=2 rounds=10 repeat=2 swap=yes`.
pub fn schedule_tag(plan: &Plan, job: &Job) -> String {
    format!(
        "game={} tournament={} engines={} games={} rounds={} repeat={} swap={}",
        job.number,
        plan.kind,
        plan.engines,
        plan.games,
        plan.rounds,
        plan.repeat,
        if plan.swap { "yes" } else { "no" }
    )
}

/// Reads a [`schedule_tag`]: the game's number and its plan.
pub fn read_schedule_tag(text: &str) -> Option<(usize, Plan)> {
    let mut game = None;
    let mut plan = Plan {
        kind: TournamentKind::RoundRobin,
        engines: 0,
        games: 0,
        rounds: 0,
        repeat: 0,
        swap: true,
    };
    let mut seen = 0;
    for word in text.split_whitespace() {
        let (key, value) = word.split_once('=')?;
        match key {
            "game" => game = Some(value.parse().ok()?),
            "tournament" => {
                plan.kind = match value {
                    "round-robin" => TournamentKind::RoundRobin,
                    "gauntlet" => TournamentKind::Gauntlet,
                    _ => return None,
                }
            }
            "engines" => plan.engines = value.parse().ok()?,
            "games" => plan.games = value.parse().ok()?,
            "rounds" => plan.rounds = value.parse().ok()?,
            "repeat" => plan.repeat = value.parse().ok()?,
            "swap" => {
                plan.swap = match value {
                    "yes" => true,
                    "no" => false,
                    _ => return None,
                }
            }
            _ => return None,
        }
        seen += 1;
    }
    let valid = seen == 7 && plan.engines >= 2 && plan.games > 0 && plan.rounds > 0;
    (valid && plan.repeat > 0).then_some((game?, plan))
}

/// How many openings the plan uses before it wraps around to the first: with fewer in the file,
/// openings repeat, and at fixed nodes deterministic engines repeat their games move for move —
/// counted again, they narrow the error bars without adding information.
pub fn openings_wanted(plan: &Plan) -> usize {
    plan.rounds as usize * plan.games.div_ceil(plan.repeat.max(1)) as usize
}

/// Every game of the plan, in playing order, with `openings` openings to use.
pub fn schedule(plan: &Plan, openings: usize) -> Vec<Job> {
    let mut jobs = Vec::new();
    let repeat = plan.repeat.max(1);
    let per_round_openings = plan.games.div_ceil(repeat) as usize;
    let pairs = plan.pairs();
    for r in 0..plan.rounds {
        let mut in_round = 0;
        for &(a, b) in &pairs {
            for g in 0..plan.games {
                let first_white = !plan.swap || (g + r * plan.games).is_multiple_of(2);
                let (white, black) = if first_white { (a, b) } else { (b, a) };
                let group = (g / repeat) as usize;
                in_round += 1;
                jobs.push(Job {
                    number: jobs.len() + 1,
                    round: r + 1,
                    in_round,
                    pair: (a, b),
                    white,
                    black,
                    opening: (r as usize * per_round_openings + group) % openings.max(1),
                    group,
                });
            }
        }
    }
    jobs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(kind: TournamentKind, engines: usize, games: u32, rounds: u32) -> Plan {
        Plan {
            kind,
            engines,
            games,
            rounds,
            repeat: 2,
            swap: true,
        }
    }

    #[test]
    fn pairs_colours_and_openings() {
        let rr = TournamentKind::RoundRobin;
        let jobs = schedule(&plan(rr, 2, 4, 1), 10);
        let seats: Vec<(usize, usize, usize)> =
            jobs.iter().map(|j| (j.white, j.black, j.opening)).collect();
        assert_eq!(seats, vec![(0, 1, 0), (1, 0, 0), (0, 1, 1), (1, 0, 1)]);
        assert_eq!(
            jobs.iter().map(|j| j.group).collect::<Vec<_>>(),
            [0, 0, 1, 1]
        );
        let jobs = schedule(&plan(rr, 3, 2, 2), 3);
        assert_eq!(jobs.len(), 12);
        // Round 2 uses the next opening; every pair meets twice per round.
        assert!(jobs[6..].iter().all(|j| j.opening == 1 && j.round == 2));
        assert_eq!(jobs.iter().filter(|j| j.pair == (0, 2)).count(), 4);
        // An odd number of games: colours swap round by round.
        let jobs = schedule(&plan(rr, 2, 1, 2), 1);
        assert_eq!((jobs[0].white, jobs[1].white), (0, 1));
        assert_eq!(jobs.last().unwrap().number, 2);
    }

    #[test]
    fn openings_wanted_counts_one_per_colour_reversed_pair() {
        let rr = TournamentKind::RoundRobin;
        // 1000 rounds of a pair of games: 1000 openings; a file of 500 wraps at game 1001.
        assert_eq!(openings_wanted(&plan(rr, 2, 2, 1000)), 1000);
        let jobs = schedule(&plan(rr, 2, 2, 1000), 500);
        assert_eq!(jobs[1000].opening, jobs[0].opening);
        assert_ne!(jobs[998].opening, jobs[0].opening);
        // Games without repeat: one opening each.
        let mut p = plan(rr, 2, 3, 2);
        p.repeat = 1;
        assert_eq!(openings_wanted(&p), 6);
    }

    #[test]
    fn gauntlet_pairs_the_first_engine_with_each_other() {
        let p = plan(TournamentKind::Gauntlet, 4, 2, 2);
        assert_eq!(p.pairs(), [(0, 1), (0, 2), (0, 3)]);
        let jobs = schedule(&p, 5);
        assert_eq!(jobs.len(), 12);
        assert!(jobs
            .iter()
            .all(|j| j.pair.0 == 0 && (j.white == 0) != (j.black == 0)));
        // Each opponent once with each colour per round.
        for b in 1..4 {
            let whites: Vec<usize> = jobs
                .iter()
                .filter(|j| j.pair == (0, b) && j.round == 1)
                .map(|j| j.white)
                .collect();
            assert_eq!(whites, [0, b]);
        }
    }

    #[test]
    fn schedule_tags_read_back() {
        let mut p = plan(TournamentKind::Gauntlet, 3, 4, 2);
        p.swap = false;
        let job = schedule(&p, 2)[5];
        let tag = schedule_tag(&p, &job);
        assert_eq!(
            tag,
            "game=6 tournament=gauntlet engines=3 games=4 rounds=2 repeat=2 swap=no"
        );
        assert_eq!(read_schedule_tag(&tag), Some((6, p)));
        assert_eq!(read_schedule_tag("game=6 engines=3"), None);
        assert_eq!(
            read_schedule_tag(&tag.replace("swap=no", "swap=maybe")),
            None
        );
    }

    #[test]
    fn repeat_and_noswap() {
        let mut p = plan(TournamentKind::RoundRobin, 2, 4, 2);
        p.repeat = 1;
        let jobs = schedule(&p, 100);
        // A new opening every game, colours still alternating.
        assert_eq!(
            jobs.iter().map(|j| j.opening).collect::<Vec<_>>(),
            [0, 1, 2, 3, 4, 5, 6, 7]
        );
        assert_eq!(
            jobs.iter().map(|j| j.white).collect::<Vec<_>>(),
            [0, 1, 0, 1, 0, 1, 0, 1]
        );
        assert!(!p.paired());
        p.repeat = 3;
        p.swap = false;
        let jobs = schedule(&p, 100);
        assert_eq!(
            jobs.iter().map(|j| j.opening).collect::<Vec<_>>(),
            [0, 0, 0, 1, 2, 2, 2, 3]
        );
        assert!(jobs.iter().all(|j| j.white == 0));
        p.repeat = 2;
        p.swap = true;
        assert!(p.paired());
    }
}
