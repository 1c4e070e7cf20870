//! Live updates (`GET /api/live`): a stream opens with where things stand, then pokes when an edit
//! or a vote commits and when a battle is stored; reads poke nobody; one address may hold only so
//! many streams (a newer one ends its oldest); and closing the server ends every stream.

mod common;

use actix_web::body::MessageBody;
use actix_web::test::{self, TestRequest};
use common::{app, send, state, TestApp, Voter};
use engine::wire::Poke;
use std::pin::Pin;
use std::time::Duration;

/// The body of an open stream.
type Body = actix_web::body::BoxBody;

async fn open(app: &impl TestApp) -> Body {
    let res = test::call_service(app, TestRequest::get().uri("/api/live").to_request()).await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.headers().get("content-type").unwrap(),
        "text/event-stream"
    );
    actix_web::body::BoxBody::new(res.into_body())
}

/// The stream's next piece within `wait`: `Some(text)`, or `None` if it ended.
async fn piece(body: &mut Body, wait: Duration) -> Option<String> {
    let next = std::future::poll_fn(|cx| Pin::new(&mut *body).poll_next(cx));
    let chunk = tokio::time::timeout(wait, next)
        .await
        .expect("the stream said something in time")?;
    Some(String::from_utf8(chunk.unwrap().to_vec()).unwrap())
}

/// The next poke on the stream.
async fn poke(body: &mut Body) -> Poke {
    loop {
        let text = piece(body, Duration::from_secs(5)).await.expect("open");
        if let Some(data) = text
            .lines()
            .find_map(|l| l.strip_prefix("data: "))
            .filter(|_| text.contains("event: poke"))
        {
            return serde_json::from_str(data).unwrap();
        }
    }
}

/// Whether the stream stays quiet for a while.
async fn quiet(body: &mut Body) -> bool {
    let next = std::future::poll_fn(|cx| Pin::new(&mut *body).poll_next(cx));
    tokio::time::timeout(Duration::from_millis(400), next)
        .await
        .is_err()
}

#[actix_web::test]
async fn edits_votes_and_battles_poke_every_stream_and_reads_do_not() {
    let (_dir, st) = state();
    let voter = Voter::new(&st);
    let app = app(st).await;
    let mut one = open(&app).await;
    let mut two = open(&app).await;
    let start = poke(&mut one).await;
    assert_eq!(poke(&mut two).await, start, "both start where things stand");
    assert_eq!(start.cursor, common::cursor(&app).await);
    assert_eq!(start.battles, 0);

    // Reads change nothing and announce nothing.
    send(&app, TestRequest::get().uri("/api/realm")).await;
    send(&app, TestRequest::get().uri("/api/history")).await;
    assert!(quiet(&mut one).await, "a read pokes nobody");

    // An edit.
    let (status, res) = common::rename_faction(&app, None, "Renamed Live").await;
    assert_eq!(status, 200, "{res}");
    let edited = poke(&mut one).await;
    assert_eq!(edited.cursor, common::cursor(&app).await);
    assert!(edited.cursor > start.cursor);
    assert_eq!(poke(&mut two).await, edited);

    // A counted vote moves two ratings.
    let pool = engine::arena_pool(&engine::demo_realm());
    let (status, res) = send(
        &app,
        voter.post(vec![voter.vote(pool[0].photo_id, pool[1].photo_id)]),
    )
    .await;
    assert_eq!(status, 200, "{res}");
    assert_eq!(res["results"][0]["counted"], true, "{res}");
    let voted = poke(&mut one).await;
    assert!(voted.cursor > edited.cursor);
    assert_eq!(voted.cursor, common::cursor(&app).await);

    // A battle.
    let realm: engine::Realm =
        serde_json::from_value(send(&app, TestRequest::get().uri("/api/realm")).await.1).unwrap();
    let sides = realm.ordinary_ids();
    let (a, d) = (sides[0], sides[1]);
    let battle = common::battle_ref(5, 0, voted.cursor, engine::BattleSystem::V1, a, d, 3);
    let (status, res) = send(
        &app,
        TestRequest::post().uri("/api/history").set_json(&battle),
    )
    .await;
    assert_eq!(status, 201, "{res}");
    let fought = poke(&mut one).await;
    assert_eq!(
        fought,
        Poke {
            cursor: voted.cursor,
            battles: 1
        }
    );
}

#[actix_web::test]
async fn one_address_holds_a_bounded_number_of_streams_the_newest_ending_the_oldest() {
    let (_dir, st) = state();
    let streams = st.streams.clone();
    let app = app(st).await;
    let mut open_streams = Vec::new();
    for _ in 0..server::live::PER_ADDRESS {
        let mut s = open(&app).await;
        poke(&mut s).await;
        open_streams.push(s);
    }
    assert_eq!(streams.open() as usize, server::live::PER_ADDRESS);
    // One more from the same address: the oldest ends (a closed tab's stream is only noticed at
    // its next write, so a newer one is never refused for it).
    let mut newest = open(&app).await;
    poke(&mut newest).await;
    assert_eq!(
        piece(&mut open_streams[0], Duration::from_secs(5)).await,
        None,
        "the oldest ended"
    );
    drop(open_streams.remove(0));
    assert_eq!(streams.open() as usize, server::live::PER_ADDRESS);
    assert!(quiet(&mut open_streams[0]).await, "the others stay open");
}

#[actix_web::test]
async fn closing_the_server_ends_every_stream() {
    let (_dir, st) = state();
    let db = st.db.clone();
    let streams = st.streams.clone();
    let app = app(st).await;
    let mut s = open(&app).await;
    poke(&mut s).await;
    assert_eq!(streams.open(), 1);
    db.close_live();
    assert_eq!(piece(&mut s, Duration::from_secs(5)).await, None, "ended");
    drop(s);
    assert_eq!(streams.open(), 0, "its place given back");
    let (status, err) = send(&app, TestRequest::get().uri("/api/live")).await;
    assert_eq!(
        (status, err["error"]["code"].as_str()),
        (503, Some("closing"))
    );
}
