//! Group commit for votes: one writer thread applies every vote batch waiting, from all
//! requests, in one transaction and one fsync, then answers each request.
//!
//! Why a thread of its own: a vote is acknowledged only once the transaction holding it is on
//! disk (WAL, `synchronous=FULL`), and one fsync costs milliseconds. Paying one per request caps
//! the server at a few hundred votes a second; sharing it lets throughput grow with the number of
//! voters waiting while latency stays about two commits. An earlier design let whichever request
//! next held the connection apply the queue, which made requests convoy on the connection lock
//! through the blocking pool (each one a thread switch, and each answered only when it got the
//! lock itself, often a commit or two after its votes were already durable).
//!
//! The loop: sleep until a batch waits; take the connection (other requests may be using it);
//! only then take *every* batch waiting, so all that arrived meanwhile join this commit; apply
//! them in arrival order with [`votes::cast_group`]; release the connection; answer each
//! request. A failed transaction writes nothing and every request in it gets the error; a panic
//! is caught, answered the same way, and the writer carries on.

use super::{lock, lock_inner, votes, Inner};
use crate::error::ApiError;
use engine::wire::VoteResponse;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use tokio::sync::oneshot;

/// What a request gets back: its own results, or the group's error.
pub type Answer = Result<VoteResponse, ApiError>;

/// One request's votes and where its answer goes.
struct Waiting {
    job: votes::Job,
    reply: oneshot::Sender<Answer>,
}

/// The queue between the request handlers and the writer thread.
#[derive(Default)]
struct Queue {
    waiting: Vec<Waiting>,
    /// Set when the database handle is dropped: the writer finishes what waits and stops.
    closed: bool,
}

#[derive(Default)]
struct Shared {
    queue: Mutex<Queue>,
    /// Signalled when a batch joins the queue or the queue closes.
    ready: Condvar,
}

/// The handle to the writer thread. Dropping it applies what still waits, then joins the thread.
pub struct VoteWriter {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl VoteWriter {
    /// Starts the writer over the connection `inner`.
    pub fn start(inner: Arc<Mutex<Inner>>) -> std::io::Result<VoteWriter> {
        let shared = Arc::new(Shared::default());
        let thread = std::thread::Builder::new()
            .name("vote-writer".into())
            .spawn({
                let shared = shared.clone();
                move || run(&shared, &inner)
            })?;
        Ok(VoteWriter {
            shared,
            thread: Some(thread),
        })
    }

    /// Queues a request's votes for the next group commit; the receiver yields its answer once
    /// that commit is durable (or failed).
    pub fn submit(&self, job: votes::Job) -> Result<oneshot::Receiver<Answer>, ApiError> {
        let (reply, answer) = oneshot::channel();
        let mut q = lock(&self.shared.queue);
        if q.closed {
            return Err(ApiError::internal("the vote writer has stopped"));
        }
        q.waiting.push(Waiting { job, reply });
        drop(q);
        self.shared.ready.notify_one();
        Ok(answer)
    }

    /// How many requests' votes wait for the next commit (not counting the group being written).
    pub fn waiting(&self) -> usize {
        lock(&self.shared.queue).waiting.len()
    }
}

impl Drop for VoteWriter {
    fn drop(&mut self) {
        lock(&self.shared.queue).closed = true;
        self.shared.ready.notify_one();
        if let Some(t) = self.thread.take() {
            // A panic on the writer thread is already caught per group; nothing to report here.
            let _ = t.join();
        }
    }
}

/// The writer thread's loop.
fn run(shared: &Shared, inner: &Mutex<Inner>) {
    let mut window = votes::AddressWindow::default();
    loop {
        {
            let mut q = lock(&shared.queue);
            while q.waiting.is_empty() && !q.closed {
                q = shared.ready.wait(q).unwrap_or_else(|p| p.into_inner());
            }
            if q.waiting.is_empty() {
                return; // closed and drained
            }
        }
        // Connection first, queue second: every batch that arrived while we waited for the
        // connection joins this commit.
        let mut conn = lock_inner(inner);
        let group = std::mem::take(&mut lock(&shared.queue).waiting);
        let (jobs, replies): (Vec<_>, Vec<_>) = group.into_iter().map(|w| (w.job, w.reply)).unzip();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            conn.with_cache(|c, m| votes::cast_group(c, m, &mut window, &jobs))
        }));
        let answers = match outcome {
            Ok(Ok(answers)) => answers.into_iter().map(Ok).collect(),
            Ok(Err(e)) => {
                // Nothing of the group was written: neither was any vote it noted as counted.
                window = votes::AddressWindow::default();
                vec![Err(e); replies.len()]
            }
            Err(_) => {
                // The transaction rolled back as it unwound; the cache may be half-changed.
                window = votes::AddressWindow::default();
                conn.cache = None;
                vec![Err(ApiError::internal("the vote writer panicked")); replies.len()]
            }
        };
        drop(conn);
        for (reply, answer) in replies.into_iter().zip(answers) {
            // A request that gave up waiting (its client went away) has dropped its receiver.
            let _ = reply.send(answer);
        }
    }
}
