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
//! **Bounded.** At most [`PER_ADDRESS`] streams per client address and [`MAX_STREAMS`] in all.
//! A new stream from an address at its limit ends that address's oldest stream rather than being
//! refused: a closed tab's connection is only noticed at its next write (up to a heartbeat
//! later), and a member moving between pages must not be locked out by streams already gone.
//! Past [`MAX_STREAMS`] a stream is refused 503 `too_many_streams` (the page then polls). When the
//! server shuts down every stream ends, so shutting down does not wait for them.

use crate::db::Live;
use crate::error::ApiError;
use crate::AppState;
use actix_web::http::StatusCode;
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{watch, Notify};

/// How often an idle stream sends a comment.
pub const HEARTBEAT: Duration = Duration::from_secs(25);
/// How long a stream waits after a poke before the next.
pub const COOL_DOWN: Duration = Duration::from_millis(150);
/// How long a browser waits before reconnecting a stream that dropped (the `retry` field).
pub const RETRY_MS: u32 = 2_000;
/// Streams one client address may hold open (a household or a club behind one address).
pub const PER_ADDRESS: usize = 64;
/// Streams open in all.
pub const MAX_STREAMS: u32 = 10_000;

/// How many streams are open: in all, and each address's, oldest first, with the signal that
/// ends each.
#[derive(Debug, Default)]
pub struct Streams {
    open: Mutex<Open>,
}

#[derive(Debug, Default)]
struct Open {
    total: u32,
    next_id: u64,
    by_client: HashMap<IpAddr, VecDeque<(u64, Arc<Notify>)>>,
}

/// One open stream's place, given back when the stream is dropped (the client went away, it was
/// ended for a newer one, or the server is closing).
struct Slot {
    streams: Arc<Streams>,
    client: IpAddr,
    id: u64,
    /// Told when a newer stream of the same address takes this one's place.
    ended: Arc<Notify>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = crate::db::lock(&self.streams.open);
        open.total -= 1;
        if let Some(mine) = open.by_client.get_mut(&self.client) {
            mine.retain(|(id, _)| *id != self.id);
            if mine.is_empty() {
                open.by_client.remove(&self.client);
            }
        }
    }
}

impl Streams {
    /// Takes a place for a stream of `client` (ending its oldest at [`PER_ADDRESS`]), or says
    /// why not.
    fn take(self: &Arc<Self>, client: IpAddr) -> Result<Slot, ApiError> {
        let mut open = crate::db::lock(&self.open);
        if open.total >= MAX_STREAMS {
            return Err(ApiError::status(
                StatusCode::SERVICE_UNAVAILABLE,
                "too_many_streams",
                format!("the server has {MAX_STREAMS} live streams open; updates come by polling"),
            ));
        }
        open.total += 1;
        open.next_id += 1;
        let id = open.next_id;
        let ended = Arc::new(Notify::new());
        let mine = open.by_client.entry(client).or_default();
        if mine.len() >= PER_ADDRESS {
            if let Some((_, oldest)) = mine.pop_front() {
                oldest.notify_one();
            }
        }
        mine.push_back((id, ended.clone()));
        Ok(Slot {
            streams: self.clone(),
            client,
            id,
            ended,
        })
    }

    /// Streams open now.
    pub fn open(&self) -> u32 {
        crate::db::lock(&self.open).total
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
    slot: Slot,
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
    let ended = s.slot.ended.clone();
    let changed = tokio::select! {
        c = tokio::time::timeout(HEARTBEAT, s.rx.changed()) => c,
        _ = ended.notified() => return None,
    };
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
        slot,
    };
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("Cache-Control", "no-cache"))
        // Not compressed: a compressor holds small events back until it has a block to send.
        .insert_header(("Content-Encoding", "identity"))
        .streaming(futures_util::stream::unfold(s, next)))
}
