//! The fixture builds what it says, through the paths real traffic takes: every vote counted
//! through the vote writer (the pair counts a recount of them), every battle the engine's own
//! fight of the realm it names, the same arguments giving the same contents.

mod common;

use actix_web::test::TestRequest;
use common::{app, send, state, TestApp};
use engine::wire::{BattleEntry, HistoryListing, PairCounts};
use server::fixture::{build, Plan};

const PLAN: Plan = Plan {
    scale: 2,
    votes: 6_000,
    battles: 40,
    seed: 9,
};

async fn history(app: &impl TestApp) -> HistoryListing {
    let (_, body) = send(app, TestRequest::get().uri("/api/history?limit=1000")).await;
    serde_json::from_value(body).unwrap()
}

#[actix_web::test]
async fn the_fixture_counts_every_vote_and_fights_every_battle_reproducibly() {
    let (_dir, st) = state();
    let db = st.db.clone();
    let built = build(&db, PLAN, 1_800_000_000_000, |_| {}).await.unwrap();
    let app = app(st).await;
    let realm = db.realm().await.unwrap();
    realm.validate().unwrap();
    assert_eq!(built.photos, engine::demo_scaled(2).photos.len());
    assert_eq!(built.photos, realm.photos.len());
    // Every vote counted, each moving two ratings; the pair counts are their recount.
    let votes = common::all_counted(&app, 5000).await;
    assert_eq!(
        (built.counted, votes.len() as u64),
        (PLAN.votes, PLAN.votes)
    );
    common::settled_standings(&app).await;
    let (_, pairs) = send(&app, TestRequest::get().uri("/api/votes/pairs")).await;
    let pairs: PairCounts = serde_json::from_value(pairs).unwrap();
    assert_eq!(pairs.pairs, engine::PairCount::tally(&votes));
    // The engine's pairing spreads votes over many pairs, each few times.
    assert!(
        pairs.pairs.len() as u64 > PLAN.votes / 10,
        "{} pairs",
        pairs.pairs.len()
    );
    let judged: u64 = realm
        .ratings
        .iter()
        .map(|r| u64::from(r.judged))
        .sum::<u64>()
        - engine::demo_realm()
            .ratings
            .iter()
            .map(|r| u64::from(r.judged))
            .sum::<u64>();
    assert_eq!(
        judged,
        2 * PLAN.votes,
        "each counted vote judged two photos"
    );
    // Every battle stored is the engine's fight of the realm as it stands.
    let listing = history(&app).await;
    assert_eq!(listing.battles, PLAN.battles);
    let mut fought = realm.clone();
    engine::recalculate_all(&mut fought);
    for e in &listing.entries {
        let (_, stored) = send(
            &app,
            TestRequest::get().uri(&format!("/api/history/{}", e.id)),
        )
        .await;
        let stored: BattleEntry = serde_json::from_value(stored).unwrap();
        let again = engine::fight(
            &fought,
            e.attacker,
            e.defender,
            stored.record.input.system,
            stored.record.input.seed,
        )
        .unwrap();
        assert_eq!(stored.record, again, "battle {}", e.id);
    }
    // The same plan, the same contents.
    let (_dir2, st2) = state();
    let db2 = st2.db.clone();
    build(&db2, PLAN, 1_800_000_000_000, |_| {}).await.unwrap();
    let app2 = common::app(st2).await;
    assert_eq!(common::all_counted(&app2, 5000).await, votes);
    assert_eq!(history(&app2).await, listing);
}
