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
