//! Shards: one match played as `N` independent runs (on as many machines, under a batch
//! system), each playing a deterministic part of the schedule, merged afterwards
//! ([`super::merge`]).
//!
//! The unit is the game pair: the games of one opening between two engines in one round (the
//! `repeat` games of a [`Job::group`]; with Kurier's default `repeat` 2, the colour-reversed
//! pair that the pentanomial statistics count as one). The pairs are numbered from 0 in
//! schedule order; pair `i` goes to shard `i mod N + 1` (`--shard K/N`, `K` from 1 as Slurm's
//! `SLURM_ARRAY_TASK_ID` of `--array=1-N`). A pair is never split between shards, and every
//! game keeps its number, round, opening and colours of the whole schedule: the shards together
//! play exactly the games of the unsharded run.

use super::schedule::{Job, Plan};
use super::settings::Shard;

/// Why a `--shard` value is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// Not `K/N` with numbers.
    #[error("'{0}' is not K/N (the K-th of N shards, e.g. 2/8)")]
    Syntax(String),
    /// `K` outside `1..=N`.
    #[error("shard {index}/{count}: K must be from 1 to N")]
    Range {
        /// K.
        index: usize,
        /// N.
        count: usize,
    },
}

impl std::str::FromStr for Shard {
    type Err = ShardError;

    /// `K/N`, `1 <= K <= N`.
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let syntax = || ShardError::Syntax(text.to_string());
        let (k, n) = text.trim().split_once('/').ok_or_else(syntax)?;
        let index: usize = k.trim().parse().map_err(|_| syntax())?;
        let count: usize = n.trim().parse().map_err(|_| syntax())?;
        if index == 0 || count == 0 || index > count {
            return Err(ShardError::Range { index, count });
        }
        Ok(Shard { index, count })
    }
}

/// The game pairs of a schedule, in order: runs of consecutive games of the same round, pair of
/// engines and opening group.
pub fn pairs(jobs: &[Job]) -> Vec<&[Job]> {
    jobs.chunk_by(|a, b| (a.round, a.pair, a.group) == (b.round, b.pair, b.group))
        .collect()
}

/// The shard (from 1) that plays game pair `pair` (from 0).
pub fn shard_of(pair: usize, count: usize) -> usize {
    pair % count.max(1) + 1
}

/// The games of the schedule that `shard` plays, in schedule order (all of them without one).
pub fn select(jobs: &[Job], shard: Option<Shard>) -> Vec<Job> {
    let Some(shard) = shard else {
        return jobs.to_vec();
    };
    pairs(jobs)
        .into_iter()
        .enumerate()
        .filter(|(i, _)| shard_of(*i, shard.count) == shard.index)
        .flat_map(|(_, pair)| pair.iter().copied())
        .collect()
}

/// The game pair (from 0, as [`pairs`] numbers them) of game `number` (from 1) of the schedule
/// of `plan`, without the schedule: every pair of engines plays `games` games a round, in runs
/// of `repeat` on one opening (the last run shorter when `repeat` does not divide `games`).
pub fn pair_of_game(plan: &Plan, number: usize) -> usize {
    let games = plan.games.max(1) as usize;
    let repeat = plan.repeat.max(1) as usize;
    let i = number.saturating_sub(1);
    (i / games) * games.div_ceil(repeat) + (i % games) / repeat
}

/// The shard (from 1) of `count` that plays game `number` of `plan`'s schedule.
pub fn shard_of_game(plan: &Plan, number: usize, count: usize) -> usize {
    shard_of(pair_of_game(plan, number), count)
}

/// The first `limit` games of `shard` (the whole schedule without one) of `plan`'s schedule of
/// `total` games that are not `finished`, in schedule order. It looks at no more games than
/// the finished ones and `limit`, whatever the size of the schedule.
pub fn missing(
    plan: &Plan,
    total: usize,
    shard: Option<Shard>,
    finished: impl Fn(usize) -> bool,
    limit: usize,
) -> Vec<usize> {
    let games = plan.games.max(1) as usize;
    let repeat = plan.repeat.max(1) as usize;
    let groups = games.div_ceil(repeat);
    let all_pairs = total / games * groups;
    let (first, step) = match shard {
        Some(s) => (s.index.saturating_sub(1), s.count.max(1)),
        None => (0, 1),
    };
    let mut out = Vec::new();
    for pair in (first..all_pairs).step_by(step) {
        let start = (pair / groups) * games + (pair % groups) * repeat + 1;
        let end = (start + repeat).min((pair / groups + 1) * games + 1);
        for number in start..end {
            if out.len() >= limit {
                return out;
            }
            if !finished(number) {
                out.push(number);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schedule::{schedule, Plan};
    use crate::settings::TournamentKind;

    #[test]
    fn shard_syntax() {
        assert_eq!("2/3".parse(), Ok(Shard { index: 2, count: 3 }));
        assert_eq!(
            "0/3".parse::<Shard>(),
            Err(ShardError::Range { index: 0, count: 3 })
        );
        assert!("4/3".parse::<Shard>().is_err());
        assert!("3".parse::<Shard>().is_err());
        assert!("a/b".parse::<Shard>().is_err());
    }

    /// Every plan: the shards together are the schedule, each game once; no game pair is
    /// split; each shard keeps the games' numbers, openings and colours.
    #[test]
    fn shards_partition_the_schedule_and_keep_pairs_whole() {
        for kind in [TournamentKind::RoundRobin, TournamentKind::Gauntlet] {
            for (engines, games, rounds, repeat, swap) in [
                (2, 2, 5, 2, true),
                (3, 4, 2, 2, true),
                (4, 3, 3, 2, true),
                (2, 5, 3, 3, false),
                (3, 2, 4, 1, true),
            ] {
                let plan = Plan {
                    kind,
                    engines,
                    games,
                    rounds,
                    repeat,
                    swap,
                };
                let all = schedule(&plan, 7);
                for count in 1..=5 {
                    let mut seen: Vec<Job> = Vec::new();
                    for index in 1..=count {
                        let part = select(&all, Some(Shard { index, count }));
                        for job in &part {
                            assert_eq!(all[job.number - 1], *job);
                        }
                        // Each pair of the shard is a whole pair of the schedule.
                        for p in pairs(&part) {
                            let whole = pairs(&all)
                                .into_iter()
                                .find(|w| w[0].number == p[0].number)
                                .expect("a pair starts where a pair of the schedule does");
                            assert_eq!(p, whole, "{plan:?} {index}/{count}");
                        }
                        seen.extend(part);
                    }
                    seen.sort_by_key(|j| j.number);
                    assert_eq!(seen, all, "{plan:?} in {count} shards");
                }
            }
        }
    }

    /// The arithmetic of a game's pair and shard, and of the missing games, is that of the
    /// schedule itself.
    #[test]
    fn a_games_shard_without_the_schedule() {
        for kind in [TournamentKind::RoundRobin, TournamentKind::Gauntlet] {
            for (engines, games, rounds, repeat, swap) in [
                (2, 2, 5, 2, true),
                (3, 4, 2, 2, true),
                (4, 3, 3, 2, true),
                (2, 5, 3, 3, false),
                (3, 2, 4, 1, true),
                (2, 7, 2, 3, true),
            ] {
                let plan = Plan {
                    kind,
                    engines,
                    games,
                    rounds,
                    repeat,
                    swap,
                };
                let all = schedule(&plan, 7);
                for (i, pair) in pairs(&all).into_iter().enumerate() {
                    for job in pair {
                        assert_eq!(pair_of_game(&plan, job.number), i, "{plan:?} {job:?}");
                    }
                }
                for count in 1..=5 {
                    for index in 1..=count {
                        let shard = Some(Shard { index, count });
                        let numbers: Vec<usize> =
                            select(&all, shard).iter().map(|j| j.number).collect();
                        let by_number: Vec<usize> = (1..=all.len())
                            .filter(|&n| shard_of_game(&plan, n, count) == index)
                            .collect();
                        assert_eq!(numbers, by_number, "{plan:?} {index}/{count}");
                        let none = missing(&plan, all.len(), shard, |_| false, usize::MAX);
                        assert_eq!(none, numbers, "{plan:?} {index}/{count}");
                        let done = |n: usize| numbers.contains(&n);
                        assert!(missing(&plan, all.len(), shard, done, 5).is_empty());
                        // All but the last: the last is missing, and no more than asked.
                        if let Some(&last) = numbers.last() {
                            let but_last = |n: usize| n != last;
                            assert_eq!(missing(&plan, all.len(), shard, but_last, 5), [last]);
                            assert_eq!(missing(&plan, all.len(), shard, |_| false, 1).len(), 1);
                        }
                    }
                }
                let whole = missing(&plan, all.len(), None, |_| false, usize::MAX);
                assert_eq!(whole, (1..=all.len()).collect::<Vec<_>>());
            }
        }
    }

    #[test]
    fn a_colour_reversed_pair_stays_together() {
        let plan = Plan {
            kind: TournamentKind::RoundRobin,
            engines: 2,
            games: 2,
            rounds: 6,
            repeat: 2,
            swap: true,
        };
        let all = schedule(&plan, 6);
        let part = select(&all, Some(Shard { index: 2, count: 3 }));
        // Pairs 1 and 4 (from 0): games 3-4 and 9-10.
        assert_eq!(
            part.iter().map(|j| j.number).collect::<Vec<_>>(),
            [3, 4, 9, 10]
        );
        assert_eq!((part[0].white, part[1].white), (0, 1));
        assert_eq!(part[0].opening, part[1].opening);
    }
}
