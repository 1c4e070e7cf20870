//! Rate limits on anonymous writes: a token bucket per client address and kind of write.
//!
//! A bucket holds at most a quarter of a minute's allowance (at least two tokens), so a client
//! may send a short burst (a queue of offline votes or battles syncing) but not a minute's worth
//! at once; it refills continuously at the per-minute rate. A request that finds its bucket empty
//! is answered 429 with `Retry-After`, the whole seconds until a token is back, and did nothing.
//!
//! The client address is the socket's peer, or, when the operator names a proxy header
//! (`--client-ip-header`), the right-most address of that header — the one the operator's own
//! proxy appended, which a client cannot choose. The clock is the server's monotonic one.

use crate::error::ApiError;
use actix_web::dev::ServiceRequest;
use actix_web::http::StatusCode;
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Which allowance a request draws on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// `POST /api/votes`.
    Votes,
    /// `POST /api/history`.
    History,
    /// `POST /api/pairs`.
    Pairs,
    /// A new voter pass (a `POST /api/pairs` without one).
    NewVoters,
}

impl Class {
    fn name(self) -> &'static str {
        match self {
            Class::Votes => "votes",
            Class::History => "battles",
            Class::Pairs => "pair requests",
            Class::NewVoters => "new voters",
        }
    }
}

/// The tokens left in one bucket and when it was last refilled.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Past this many buckets, the full ones (idle clients) are forgotten, so a flood of addresses
/// cannot grow the table without bound.
const MAX_BUCKETS: usize = 100_000;

/// Every client's buckets, shared by the workers.
pub struct Limiter {
    limits: crate::config::RateLimits,
    header: Option<String>,
    buckets: Mutex<HashMap<(Class, IpAddr), Bucket>>,
}

impl std::fmt::Debug for Limiter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Limiter")
            .field("limits", &self.limits)
            .finish()
    }
}

impl Limiter {
    /// A limiter with these per-minute allowances, reading the client address from `header`
    /// when one is named.
    pub fn new(limits: crate::config::RateLimits, header: Option<String>) -> Limiter {
        Limiter {
            limits,
            header,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// The most tokens a `class` bucket holds: a quarter of its allowance, at least two.
    fn capacity(&self, class: Class) -> f64 {
        (f64::from(self.allowance(class).0) / 4.0).max(2.0)
    }

    /// How many a `class` allows per period, and the period's name and length in seconds.
    fn allowance(&self, class: Class) -> (u32, &'static str, f64) {
        match class {
            Class::Votes | Class::Pairs => (self.limits.votes, "minute", 60.0),
            Class::History => (self.limits.history, "minute", 60.0),
            Class::NewVoters => (self.limits.new_voters_per_hour, "hour", 3600.0),
        }
    }

    /// Tokens a second.
    fn rate(&self, class: Class) -> f64 {
        let (n, _, period) = self.allowance(class);
        f64::from(n) / period
    }

    /// The address a request counts against.
    pub fn client(&self, req: &ServiceRequest) -> IpAddr {
        self.client_of(req.headers(), req.peer_addr())
    }

    /// The address of a request with these headers from this peer: the right-most address of the
    /// named proxy header when one is named and present, else the peer's.
    pub fn client_of(
        &self,
        headers: &actix_web::http::header::HeaderMap,
        peer: Option<std::net::SocketAddr>,
    ) -> IpAddr {
        let from_header = self.header.as_ref().and_then(|name| {
            let value = headers.get(name.as_str())?.to_str().ok()?;
            value.rsplit(',').next()?.trim().parse::<IpAddr>().ok()
        });
        from_header
            .or_else(|| peer.map(|a| a.ip()))
            .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
    }

    /// Takes one token from `client`'s `class` bucket at `now`, or says how long until one is
    /// back.
    pub fn take(&self, class: Class, client: IpAddr, now: Instant) -> Result<(), Duration> {
        let rate = |c: Class| self.rate(c);
        let capacity = self.capacity(class);
        let mut buckets = crate::db::lock(&self.buckets);
        if buckets.len() >= MAX_BUCKETS {
            buckets.retain(|(c, _), b| {
                b.tokens + now.saturating_duration_since(b.at).as_secs_f64() * rate(*c)
                    < self.capacity(*c)
            });
        }
        let b = buckets.entry((class, client)).or_insert(Bucket {
            tokens: capacity,
            at: now,
        });
        let elapsed = now.saturating_duration_since(b.at).as_secs_f64();
        b.tokens = (b.tokens + elapsed * rate(class)).min(capacity);
        b.at = now;
        if b.tokens >= 1.0 {
            b.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - b.tokens) / rate(class)))
        }
    }

    /// [`Limiter::take`] for a request, as the API's answer: 429 `rate_limited` with the seconds
    /// to wait.
    pub fn check(&self, class: Class, req: &ServiceRequest) -> Result<(), (ApiError, u64)> {
        self.check_client(class, self.client(req))
    }

    /// As [`Limiter::check`], for a client address already known.
    pub fn check_client(&self, class: Class, client: IpAddr) -> Result<(), (ApiError, u64)> {
        self.take(class, client, Instant::now()).map_err(|wait| {
            let secs = wait.as_secs_f64().ceil().max(1.0) as u64;
            let (n, period, _) = self.allowance(class);
            let err = ApiError::status(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!(
                    "too many {} from your address: at most {n} a {period}; try again in {secs} s",
                    class.name(),
                ),
            );
            (err, secs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::RateLimits;

    fn limiter(votes: u32) -> Limiter {
        Limiter::new(
            RateLimits {
                votes,
                history: 4,
                new_voters_per_hour: 12,
            },
            None,
        )
    }

    #[test]
    fn a_burst_past_the_bucket_waits_for_the_refill() {
        let l = limiter(60); // a token a second, a bucket of 15
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        let t0 = Instant::now();
        for _ in 0..15 {
            assert!(l.take(Class::Votes, ip, t0).is_ok());
        }
        let wait = l.take(Class::Votes, ip, t0).unwrap_err();
        assert!((wait.as_secs_f64() - 1.0).abs() < 1e-6, "{wait:?}");
        // Another address and another class have their own buckets.
        assert!(l
            .take(Class::Votes, "192.0.2.2".parse().unwrap(), t0)
            .is_ok());
        assert!(l.take(Class::History, ip, t0).is_ok());
        // One second later, one token is back; not two.
        let t1 = t0 + Duration::from_secs(1);
        assert!(l.take(Class::Votes, ip, t1).is_ok());
        assert!(l.take(Class::Votes, ip, t1).is_err());
    }

    #[test]
    fn new_voters_are_counted_by_the_hour() {
        let l = limiter(60);
        let ip: IpAddr = "192.0.2.5".parse().unwrap();
        let t0 = Instant::now();
        for _ in 0..3 {
            assert!(l.take(Class::NewVoters, ip, t0).is_ok());
        }
        let wait = l.take(Class::NewVoters, ip, t0).unwrap_err();
        assert_eq!(wait.as_secs(), 300, "12 an hour: one every 5 minutes");
    }

    #[test]
    fn a_small_allowance_still_allows_two_at_once() {
        let l = limiter(60);
        let ip: IpAddr = "192.0.2.9".parse().unwrap();
        let t0 = Instant::now();
        assert!(l.take(Class::History, ip, t0).is_ok());
        assert!(l.take(Class::History, ip, t0).is_ok());
        let wait = l.take(Class::History, ip, t0).unwrap_err();
        assert_eq!(wait.as_secs(), 15, "4 a minute: one token every 15 s");
    }

    #[test]
    fn the_proxy_header_is_read_only_when_named_and_then_its_last_address() {
        let req = actix_web::test::TestRequest::default()
            .peer_addr("198.51.100.7:5000".parse().unwrap())
            .insert_header(("X-Forwarded-For", "203.0.113.66, 192.0.2.44"))
            .to_srv_request();
        assert_eq!(
            limiter(1).client(&req),
            "198.51.100.7".parse::<IpAddr>().unwrap()
        );
        let behind = Limiter::new(RateLimits::default(), Some("x-forwarded-for".into()));
        assert_eq!(behind.client(&req), "192.0.2.44".parse::<IpAddr>().unwrap());
    }
}
