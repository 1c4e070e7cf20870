//! The standings from aggregates: the per-pair counts kept in the vote transaction always equal a
//! full recount of the counted votes, and the standings the server fits are the engine's fit of
//! those counts.

mod common;

use actix_web::test::TestRequest;
use common::{app, send, state_with, TestApp, Voter};
use engine::wire::PairCounts;
use engine::{PairCount, Rng, SplitMix64};
use server::config::VoteLimits;

/// Limits under which most random votes count and some do not (a voter's second vote on a pair
/// within the window, a fast answer).
fn limits() -> VoteLimits {
    VoteLimits {
        repeat_window_ms: 24 * 3_600_000,
        per_minute: 40,
        per_address_per_minute: 1_000_000,
        min_answer_ms: 400,
        token_life_ms: 24 * 3_600_000,
    }
}

/// The pair counts, once the server's fit (whose counts they are) has caught up.
async fn pair_counts(app: &impl TestApp) -> PairCounts {
    common::settled_standings(app).await;
    let (status, body) = send(app, TestRequest::get().uri("/api/votes/pairs")).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_value(body).unwrap()
}

#[actix_web::test]
async fn pair_counts_equal_a_full_recount_after_random_votes() {
    let (_dir, st) = state_with(limits());
    let voters: Vec<Voter> = (0..4).map(|_| Voter::new(&st)).collect();
    let app = app(st).await;
    let pool: Vec<u64> = engine::arena_pool(&engine::demo_realm())
        .iter()
        .map(|r| r.photo_id)
        .take(12)
        .collect();
    let none = pair_counts(&app).await;
    assert_eq!((none.votes, none.pairs.len()), (0, 0), "none yet");
    let mut rng = SplitMix64::new(2024);
    let mut uncounted = 0;
    for round in 0..12 {
        for v in &voters {
            let votes = (0..8)
                .map(|_| {
                    let a = pool[(rng.next_u64() % pool.len() as u64) as usize];
                    let mut b = pool[(rng.next_u64() % pool.len() as u64) as usize];
                    if a == b {
                        b = *pool.iter().find(|&&p| p != a).unwrap();
                    }
                    v.vote(a, b)
                })
                .collect();
            let (status, res) = send(&app, v.post(votes)).await;
            assert_eq!(status, 200, "{res}");
            uncounted += res["results"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|r| r["counted"] == false)
                .count();
        }
        // After every round, the kept counts are a recount of the counted votes.
        let counted = common::all_counted(&app, 97).await;
        let kept = pair_counts(&app).await;
        assert_eq!(kept.pairs, PairCount::tally(&counted), "round {round}");
        assert_eq!(kept.votes as usize, counted.len());
    }
    assert!(uncounted > 0, "some votes were refused, and not counted");
}

#[actix_web::test]
async fn the_standings_are_the_engines_fit_of_the_counts_and_follow_new_votes() {
    let (_dir, st) = state_with(limits());
    let v = Voter::new(&st);
    let app = app(st).await;
    let pool: Vec<u64> = engine::arena_pool(&engine::demo_realm())
        .iter()
        .map(|r| r.photo_id)
        .collect();
    let none = common::settled_standings(&app).await;
    assert_eq!(none.fit.as_ref().map(|f| f.votes), Some(0));
    let none = none.fit.unwrap();
    assert!(none.ladder.is_empty(), "no votes, no fit");
    let by_rating: Vec<engine::wire::PairCard> =
        engine::standings_order(engine::pool_cards(&engine::demo_realm()), &[])
            .into_iter()
            .take(engine::STANDINGS_FIRST_ROWS)
            .map(|(c, _)| c)
            .collect();
    assert_eq!(none.top, by_rating, "the table's top rows, by rating");
    let votes = pool
        .windows(2)
        .take(20)
        .map(|w| v.vote(w[0], w[1]))
        .collect();
    let (status, res) = send(&app, v.post(votes)).await;
    assert_eq!(status, 200, "{res}");
    let s = common::settled_standings(&app).await;
    let fit = s.fit.expect("a fit");
    let counts = pair_counts(&app).await;
    assert_eq!(fit.votes, 20);
    assert_eq!(fit.pairs, counts.pairs.len() as u64);
    assert_eq!(fit.ladder, engine::standings_ladder(&pool, &counts.pairs));
    assert_eq!(fit.ladder.len(), 21, "every photo with a counted vote");
    assert_eq!(fit.top.len(), engine::STANDINGS_FIRST_ROWS);
    let mut fitted: Vec<u64> = fit.ladder.iter().map(|s| s.photo_id).collect();
    let mut first: Vec<u64> = fit.top[..21].iter().map(|c| c.photo).collect();
    fitted.sort_unstable();
    first.sort_unstable();
    assert_eq!(first, fitted, "the fitted photos head the table");
}
