//! Live updates: `GET /api/live`, Server-Sent Events that say the realm or the history changed.
//!
//! Each event is a poke (`engine::wire::Poke`: the newest change counter and the battles
//! stored), as Replicache's poke: a page that sees a newer cursor than its own pulls, and a page
//! showing history reloads it. Nothing else travels on the stream; what changed is read through
//! the pull, which already bounds and validates it. The first event says where things stand, so
//! a page that reconnects catches up at once.
//!
//! **Idle streams cost nothing.** Every stream waits on one `watch` channel that the database
//! changes after a write commits (`db.rs`, `Inner::with_cache`; `Db::append_history`): an idle
//! stream is a parked future and one timer, for a comment every [`HEARTBEAT`] that keeps proxies
//! from closing it and finds clients gone. Pokes are coalesced: after one, a stream waits
//! [`COOL_DOWN`] and then sends only the newest, so a burst of votes is one or two pokes.
//!
//! **Bounded.** At most [`PER_ADDRESS`] streams per client address (429) and [`MAX_STREAMS`] in
//! all (503), each refused as `too_many_streams`. When the server shuts down every stream ends,
//! so shutting down does not wait for them.

use crate::db::Live;
use crate::error::ApiError;
use crate::AppState;
use actix_web::http::StatusCode;
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;

/// How often an idle stream sends a comment.
pub const HEARTBEAT: Duration = Duration::from_secs(25);
/// How long a stream waits after a poke before the next.
pub const COOL_DOWN: Duration = Duration::from_millis(150);
/// How long a browser waits before reconnecting a stream that dropped (the `retry` field).
pub const RETRY_MS: u32 = 2_000;
/// Streams one client address may hold open (a member with a few tabs).
pub const PER_ADDRESS: u32 = 8;
/// Streams open in all.
pub const MAX_STREAMS: u32 = 10_000;

/// How many streams are open, in all and per client address.
#[derive(Debug, Default)]
pub struct Streams {
    open: Mutex<(u32, HashMap<IpAddr, u32>)>,
}

/// One open stream's place, given back when the stream is dropped (the client went away, or the
/// server is closing).
struct Slot {
    streams: Arc<Streams>,
    client: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = crate::db::lock(&self.streams.open);
        open.0 -= 1;
        if let Some(n) = open.1.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                open.1.remove(&self.client);
            }
        }
    }
}

impl Streams {
    /// Takes a place for a stream of `client`, or says why not.
    fn take(self: &Arc<Self>, client: IpAddr) -> Result<Slot, ApiError> {
        let mut open = crate::db::lock(&self.open);
        if open.0 >= MAX_STREAMS {
            return Err(ApiError::status(
                StatusCode::SERVICE_UNAVAILABLE,
                "too_many_streams",
                format!("the server has {MAX_STREAMS} live streams open; updates come by polling"),
            ));
        }
        let mine = open.1.entry(client).or_insert(0);
        if *mine >= PER_ADDRESS {
            return Err(ApiError::status(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_streams",
                format!("this address has {PER_ADDRESS} live streams open; close a tab"),
            ));
        }
        *mine += 1;
        open.0 += 1;
        Ok(Slot {
            streams: self.clone(),
            client,
        })
    }

    /// Streams open now.
    pub fn open(&self) -> u32 {
        crate::db::lock(&self.open).0
    }
}

/// One event's text.
fn event(poke: engine::wire::Poke, first: bool) -> Bytes {
    let data = serde_json::to_string(&poke).unwrap_or_default();
    let retry = if first {
        format!("retry: {RETRY_MS}\n")
    } else {
        String::new()
    };
    Bytes::from(format!("{retry}event: poke\ndata: {data}\n\n"))
}

/// A stream's state between events.
struct Stream {
    rx: watch::Receiver<Live>,
    first: bool,
    cool: bool,
    _slot: Slot,
}

/// The next piece of a stream: the first poke, a poke when something changed, a heartbeat; `None`
/// when the server is closing.
async fn next(mut s: Stream) -> Option<(Result<Bytes, actix_web::Error>, Stream)> {
    if s.first {
        s.first = false;
        let live = *s.rx.borrow_and_update();
        return Some((Ok(event(live.poke, true)), s));
    }
    if std::mem::take(&mut s.cool) {
        tokio::time::sleep(COOL_DOWN).await;
    }
    let changed = tokio::time::timeout(HEARTBEAT, s.rx.changed()).await;
    match changed {
        Err(_) => Some((Ok(Bytes::from_static(b": still here\n\n")), s)),
        Ok(Err(_)) => None,
        Ok(Ok(())) => {
            let live = *s.rx.borrow_and_update();
            if live.closed {
                return None;
            }
            s.cool = true;
            Some((Ok(event(live.poke, false)), s))
        }
    }
}

/// `GET /api/live`: the event stream.
pub async fn stream(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let client = state.limiter.client_of(req.headers(), req.peer_addr());
    let slot = state.streams.take(client)?;
    let rx = state.db.live();
    if rx.borrow().closed {
        return Err(ApiError::status(
            StatusCode::SERVICE_UNAVAILABLE,
            "closing",
            "the server is shutting down",
        ));
    }
    let s = Stream {
        rx,
        first: true,
        cool: false,
        _slot: slot,
    };
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("Cache-Control", "no-cache"))
        // Not compressed: a compressor holds small events back until it has a block to send.
        .insert_header(("Content-Encoding", "identity"))
        .streaming(futures_util::stream::unfold(s, next)))
}
