//! A minimal HTTP/1.1 client over one kept-alive TCP connection, for the load tools that drive
//! a running server on loopback (the bench binary and the crash suite). The server never uses
//! it; it lives in the library so both tools share one copy, with no HTTP client dependency.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// One kept-alive connection.
pub struct Conn {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

impl Conn {
    /// Connects with Nagle off (every request is one small write and a wait).
    pub fn open(addr: &str) -> std::io::Result<Conn> {
        let s = TcpStream::connect(addr)?;
        s.set_nodelay(true)?;
        Ok(Conn {
            reader: BufReader::new(s.try_clone()?),
            writer: s,
        })
    }

    /// As [`Conn::open`], giving up on a read after `timeout` (a killed server must not hang
    /// its clients).
    pub fn open_with_timeout(addr: &str, timeout: Duration) -> std::io::Result<Conn> {
        let c = Conn::open(addr)?;
        c.writer.set_read_timeout(Some(timeout))?;
        Ok(c)
    }

    /// One request; returns (status, body). `key` is sent as the editor key. A connection the
    /// server closed reads as an `UnexpectedEof` error.
    pub fn request(
        &mut self,
        method: &str,
        path: &str,
        key: Option<&str>,
        body: &[u8],
    ) -> std::io::Result<(u16, Vec<u8>)> {
        let auth = key.map_or(String::new(), |k| format!("Authorization: Bearer {k}\r\n"));
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: loopback\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        self.writer.write_all(head.as_bytes())?;
        self.writer.write_all(body)?;
        let mut line = String::new();
        if self.reader.read_line(&mut line)? == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| std::io::Error::other(format!("not an HTTP status line: {line:?}")))?;
        let mut len = 0usize;
        loop {
            line.clear();
            if self.reader.read_line(&mut line)? == 0 {
                return Err(std::io::ErrorKind::UnexpectedEof.into());
            }
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some((k, v)) = l.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    len = v.trim().parse().unwrap_or(0);
                }
            }
        }
        let mut buf = vec![0; len];
        self.reader.read_exact(&mut buf)?;
        Ok((status, buf))
    }
}
