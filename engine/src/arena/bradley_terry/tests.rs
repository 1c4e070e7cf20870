//! The Bradley–Terry fit reproduces win shares where it must, its intervals hold the estimate, a
//! seeded bootstrap replays exactly, and overlapping intervals share a rank.

use super::*;
use crate::SplitMix64;
use proptest::prelude::*;

/// The plain maximum-likelihood fit.
fn mle() -> BtConfig {
    BtConfig {
        prior_games: 0.0,
        resamples: 0,
        max_iterations: 20_000,
        tolerance: 1e-13,
    }
}

/// `n` judgements of `w` over `l`.
fn times(n: usize, w: u64, l: u64) -> Vec<(u64, u64)> {
    vec![(w, l); n]
}

#[test]
fn two_photos_the_fit_gives_the_observed_share() {
    // (wins of 1 over 2, wins of 2 over 1, the probability the fit must give 1 beating 2)
    let table = [(3, 1, 0.75), (1, 1, 0.5), (9, 1, 0.9), (2, 3, 0.4)];
    for (a, b, want) in table {
        let mut games = times(a, 1, 2);
        games.extend(times(b, 2, 1));
        let s = bt_fit(&[1, 2], &games, &mle());
        let got = bt_win_probability(s[0], s[1]);
        assert!((got - want).abs() < 1e-9, "{a}:{b} gave {got}");
    }
}

#[test]
fn a_complete_design_reproduces_every_photos_wins() {
    // Every pair of four photos met four times; each photo won some and lost some.
    // (winner, loser, times)
    let design = [
        (1, 2, 3),
        (2, 1, 1),
        (1, 3, 2),
        (3, 1, 2),
        (4, 1, 3),
        (1, 4, 1),
        (2, 3, 3),
        (3, 2, 1),
        (2, 4, 2),
        (4, 2, 2),
        (3, 4, 1),
        (4, 3, 3),
    ];
    let games: Vec<(u64, u64)> = design
        .iter()
        .flat_map(|&(w, l, n)| times(n, w, l))
        .collect();
    let ids = [1, 2, 3, 4];
    let s = bt_fit(&ids, &games, &mle());
    // The likelihood equations: each photo's expected wins equal its observed wins.
    for (i, id) in ids.iter().enumerate() {
        let observed = games.iter().filter(|(w, _)| w == id).count() as f64;
        let expected: f64 = ids
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .map(|(j, other)| {
                let met = games
                    .iter()
                    .filter(|(w, l)| (w == id && l == other) || (w == other && l == id))
                    .count() as f64;
                met * bt_win_probability(s[i], s[j])
            })
            .sum();
        assert!(
            (observed - expected).abs() < 1e-7,
            "photo {id}: {observed} won, {expected} expected"
        );
    }
    // Scores sit around 1200 on average (the geometric mean strength).
    let mean = s.iter().sum::<f64>() / 4.0;
    assert!((mean - START_RATING).abs() < 1e-9, "{mean}");
}

#[test]
fn the_prior_keeps_an_unbeaten_photo_finite_and_on_top() {
    let mut games = times(5, 1, 2);
    games.extend(times(2, 2, 3));
    games.extend(times(1, 3, 2));
    let s = bt_fit(&[1, 2, 3], &games, &BtConfig::default());
    assert!(s.iter().all(|x| x.is_finite()), "{s:?}");
    assert!(s[0] > s[1] && s[0] > s[2], "{s:?}");
}

#[test]
fn a_seeded_bootstrap_is_deterministic() {
    let mut games = times(6, 1, 2);
    games.extend(times(3, 2, 1));
    games.extend(times(4, 2, 3));
    games.extend(times(2, 3, 1));
    let cfg = BtConfig {
        resamples: 50,
        ..BtConfig::default()
    };
    let run = |seed| bt_ladder(&[1, 2, 3], &games, &cfg, &mut SplitMix64::new(seed));
    assert_eq!(run(7), run(7));
    assert_ne!(run(7), run(8), "another seed draws other resamples");
}

#[test]
fn overlapping_intervals_share_a_rank() {
    let st = |photo_id, low: f64, high: f64| BtStanding {
        photo_id,
        score: (low + high) / 2.0,
        low,
        high,
        rank: 0,
    };
    // 1 is clear of everyone; 2 and 3 overlap; 4 overlaps 3 but lies wholly under 2 and 1.
    let ladder = [
        st(1, 1500.0, 1600.0),
        st(2, 1300.0, 1400.0),
        st(3, 1250.0, 1350.0),
        st(4, 1100.0, 1280.0),
    ];
    assert_eq!(shared_ranks(&ladder), vec![1, 2, 2, 3]);
}

#[test]
fn no_judgements_leave_everyone_at_1200_with_one_rank() {
    let ladder = bt_ladder(&[5, 6], &[], &BtConfig::default(), &mut SplitMix64::new(1));
    for s in &ladder {
        assert!((s.score - START_RATING).abs() < 1e-9);
        assert_eq!(s.rank, 1);
    }
}

fn judgements() -> impl Strategy<Value = Vec<(u64, u64)>> {
    prop::collection::vec((1u64..=5, 1u64..=5), 0..40)
        .prop_map(|v| v.into_iter().filter(|(a, b)| a != b).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn intervals_contain_the_estimate(games in judgements(), seed in any::<u64>()) {
        let cfg = BtConfig { resamples: 30, ..BtConfig::default() };
        let ladder = bt_ladder(&[1, 2, 3, 4, 5], &games, &cfg, &mut SplitMix64::new(seed));
        prop_assert_eq!(ladder.len(), 5);
        for s in &ladder {
            prop_assert!(s.score.is_finite());
            prop_assert!(s.low <= s.score && s.score <= s.high, "{:?}", s);
            prop_assert!(s.rank >= 1 && s.rank <= 5);
        }
        // Best first, and a shared rank is never worse than the place in that order: only photos
        // scored higher can lie wholly above (a wide interval may rank above a narrow one).
        for w in ladder.windows(2) {
            prop_assert!(w[0].score >= w[1].score);
        }
        for (place, s) in ladder.iter().enumerate() {
            prop_assert!(s.rank as usize <= place + 1, "{:?}", ladder);
        }
    }

    #[test]
    fn the_order_of_judgements_does_not_matter(games in judgements()) {
        let ids = [1, 2, 3, 4, 5];
        let forward = bt_fit(&ids, &games, &BtConfig::default());
        let mut reversed = games.clone();
        reversed.reverse();
        let backward = bt_fit(&ids, &reversed, &BtConfig::default());
        for (a, b) in forward.iter().zip(&backward) {
            prop_assert!((a - b).abs() < 1e-6, "{} vs {}", a, b);
        }
    }

    #[test]
    fn one_more_win_never_lowers_the_winner(games in judgements(), w in 1u64..=5, l in 1u64..=5) {
        prop_assume!(w != l);
        let ids = [1, 2, 3, 4, 5];
        let cfg = BtConfig { tolerance: 1e-10, max_iterations: 5_000, ..BtConfig::default() };
        let before = bt_fit(&ids, &games, &cfg);
        let mut more = games.clone();
        more.push((w, l));
        let after = bt_fit(&ids, &more, &cfg);
        let (wi, li) = ((w - 1) as usize, (l - 1) as usize);
        prop_assert!(after[wi] - after[li] >= before[wi] - before[li] - 1e-6);
    }
}

/// Votes of a fixed design: `n` photos with true scores 40 Elo apart, `votes` judgements between
/// neighbours up to `reach` apart, each won by the stronger with Bradley–Terry's probability.
fn design(n: u64, votes: usize, reach: u64, seed: u64) -> (Vec<u64>, Vec<(u64, u64)>) {
    let mut rng = SplitMix64::new(seed);
    let ids: Vec<u64> = (1..=n).collect();
    let games = (0..votes)
        .map(|_| {
            let a = 1 + below(&mut rng, n);
            let step = 1 + below(&mut rng, reach);
            let b = if a + step <= n {
                a + step
            } else if a > step {
                a - step
            } else if a < n {
                a + 1
            } else {
                a - 1
            };
            let p = bt_win_probability(40.0 * a as f64, 40.0 * b as f64);
            if unit(&mut rng) < p {
                (a, b)
            } else {
                (b, a)
            }
        })
        .collect();
    (ids, games)
}

#[test]
fn the_fit_on_counts_equals_the_fit_on_votes_exactly() {
    for (n, votes, reach, seed) in [(6, 300, 5, 1), (20, 2_000, 3, 2), (40, 5_000, 2, 3)] {
        let (ids, games) = design(n, votes, reach, seed);
        let counts = PairCount::tally(&games);
        for cfg in [BtConfig::default(), mle()] {
            assert_eq!(
                bt_fit_counts(&ids, &counts, &cfg),
                bt_fit(&ids, &games, &cfg),
                "n={n}"
            );
        }
        // Either order of a pair, and pairs split over several rows, count the same.
        let flipped: Vec<PairCount> = counts
            .iter()
            .flat_map(|c| {
                [
                    PairCount {
                        a: c.b,
                        b: c.a,
                        a_wins: c.b_wins,
                        b_wins: 0,
                    },
                    PairCount {
                        a: c.a,
                        b: c.b,
                        a_wins: c.a_wins,
                        b_wins: 0,
                    },
                ]
            })
            .collect();
        assert_eq!(
            bt_fit_counts(&ids, &flipped, &BtConfig::default()),
            bt_fit(&ids, &games, &BtConfig::default())
        );
    }
}

/// The Poisson bootstrap of the counts and the bootstrap of the votes give intervals within
/// 10 Elo points of each other on three fixed designs (enough resamples that neither's own
/// noise decides), and the same point scores and ranks' scale.
#[test]
fn resampled_counts_agree_with_resampled_votes_on_three_designs() {
    for (n, votes, reach, seed) in [(8, 400, 7, 11), (16, 1_500, 3, 12), (30, 3_000, 2, 13)] {
        let (ids, games) = design(n, votes, reach, seed);
        let counts = PairCount::tally(&games);
        let cfg = BtConfig {
            resamples: 3_000,
            ..BtConfig::default()
        };
        let by_votes = bt_ladder(&ids, &games, &cfg, &mut SplitMix64::new(7));
        let by_counts = bt_ladder_counts(&ids, &counts, &cfg, &mut SplitMix64::new(8));
        let mut worst = 0.0f64;
        for v in &by_votes {
            let c = by_counts.iter().find(|c| c.photo_id == v.photo_id).unwrap();
            assert_eq!(c.score, v.score, "the same point score");
            worst = worst
                .max((c.low - v.low).abs())
                .max((c.high - v.high).abs());
        }
        assert!(
            worst <= 10.0,
            "design n={n}: intervals differ by {worst:.1} Elo"
        );
    }
}

#[test]
fn a_seeded_count_bootstrap_is_deterministic_and_holds_the_estimate() {
    let (ids, games) = design(12, 600, 4, 5);
    let counts = PairCount::tally(&games);
    let cfg = BtConfig {
        resamples: 50,
        ..BtConfig::default()
    };
    let one = bt_ladder_counts(&ids, &counts, &cfg, &mut SplitMix64::new(3));
    assert_eq!(
        one,
        bt_ladder_counts(&ids, &counts, &cfg, &mut SplitMix64::new(3))
    );
    assert!(one.iter().all(|s| s.low <= s.score && s.score <= s.high));
}

#[test]
fn poisson_draws_have_their_mean_and_variance() {
    let mut rng = SplitMix64::new(99);
    for mean in [0.5, 3.0, 9.5, 10.0, 40.0, 1_000.0] {
        let draws: Vec<f64> = (0..40_000)
            .map(|_| poisson(&mut rng, mean) as f64)
            .collect();
        let m = draws.iter().sum::<f64>() / draws.len() as f64;
        let var = draws.iter().map(|x| (x - m).powi(2)).sum::<f64>() / draws.len() as f64;
        // Four standard errors of the mean; the variance within 5%.
        assert!(
            (m - mean).abs() < 4.0 * (mean / 40_000.0).sqrt(),
            "mean {mean}: {m}"
        );
        assert!(
            (var / mean - 1.0).abs() < 0.05,
            "mean {mean}: variance {var}"
        );
    }
}

proptest! {
    #[test]
    fn tallied_counts_hold_every_vote(games in judgements()) {
        let counts = PairCount::tally(&games);
        let total: u64 = counts.iter().map(|c| c.a_wins + c.b_wins).sum();
        prop_assert_eq!(total as usize, games.iter().filter(|(w, l)| w != l).count());
        prop_assert!(counts.iter().all(|c| c.a < c.b));
        let ids: Vec<u64> = (1..=5).collect();
        prop_assert_eq!(
            bt_fit_counts(&ids, &counts, &BtConfig::default()),
            bt_fit(&ids, &games, &BtConfig::default())
        );
    }
}
