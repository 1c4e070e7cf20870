//! A file sent as a response body in chunks and deleted when the body is dropped, whether it was
//! sent in full or the client went away. `GET /api/backup` uses it so a backup of any size costs
//! one chunk of memory, not the whole database.

use actix_web::body::{BodySize, MessageBody};
use actix_web::rt::task::{spawn_blocking, JoinHandle};
use actix_web::web::Bytes;
use std::fs::File;
use std::future::Future;
use std::io::{self, Read};
use std::path::PathBuf;
use std::pin::Pin;
use std::task::{Context, Poll};

/// How much of the file one chunk carries.
pub const CHUNK: usize = 64 * 1024;

/// A read in flight on the blocking pool; it hands the file back with the chunk.
type Reading = JoinHandle<(File, io::Result<Bytes>)>;

/// The body. Reads run on the blocking pool, one chunk ahead of nothing: the next chunk is read
/// only when the connection asks for it, so a slow client holds one chunk, not the file.
pub struct TempFileBody {
    path: PathBuf,
    len: u64,
    sent: u64,
    file: Option<File>,
    reading: Option<Reading>,
}

impl TempFileBody {
    /// Takes over the file at `path`: it is deleted when the body is dropped (and at once if it
    /// cannot be opened).
    pub fn open(path: PathBuf) -> io::Result<TempFileBody> {
        let opened = File::open(&path).and_then(|f| {
            let len = f.metadata()?.len();
            Ok((f, len))
        });
        match opened {
            Ok((file, len)) => Ok(TempFileBody {
                path,
                len,
                sent: 0,
                file: Some(file),
                reading: None,
            }),
            Err(e) => {
                let _ = std::fs::remove_file(&path);
                Err(e)
            }
        }
    }

    /// The file's length, which the response announces as its Content-Length.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the file is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl MessageBody for TempFileBody {
    type Error = io::Error;

    fn size(&self) -> BodySize {
        BodySize::Sized(self.len)
    }

    fn poll_next(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Self::Error>>> {
        let this = self.get_mut();
        if this.reading.is_none() {
            let left = this.len - this.sent;
            let Some(mut file) = this.file.take().filter(|_| left > 0) else {
                return Poll::Ready(None);
            };
            let want = left.min(CHUNK as u64) as usize;
            this.reading = Some(spawn_blocking(move || {
                let mut buf = vec![0; want];
                let read = file.read_exact(&mut buf).map(|()| Bytes::from(buf));
                (file, read)
            }));
        }
        let Some(reading) = this.reading.as_mut() else {
            return Poll::Ready(None);
        };
        let joined = match Pin::new(reading).poll(cx) {
            Poll::Pending => return Poll::Pending,
            Poll::Ready(joined) => joined,
        };
        this.reading = None;
        Poll::Ready(Some(match joined {
            Ok((file, Ok(chunk))) => {
                this.file = Some(file);
                this.sent += chunk.len() as u64;
                Ok(chunk)
            }
            Ok((_, Err(e))) => Err(e),
            Err(e) => Err(io::Error::other(e)),
        }))
    }
}

impl Drop for TempFileBody {
    fn drop(&mut self) {
        // Close before deleting (some platforms refuse to delete an open file). A read still in
        // flight holds its own handle; on Unix the name goes at once and the space with it.
        self.file = None;
        let _ = std::fs::remove_file(&self.path);
    }
}
