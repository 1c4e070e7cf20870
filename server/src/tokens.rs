//! Voter passes and pair tokens (SPEC §16.1): what the server signs so that a vote counts only
//! for a voter it issued and a pair it drew, at a time it knows.
//!
//! Both are text a client stores and sends back unchanged:
//! - a **voter pass** `v1.{voter}.{mac}`: `voter` is 32 hex digits the server drew;
//! - a **pair token** `p1.{voter}.{a}.{b}.{issued}.{nonce}.{mac}`: the pair handed to that voter,
//!   the server's time in ms it was handed out, and 16 hex digits that make it single-use (the
//!   votes table holds each nonce at most once).
//!
//! The MAC is HMAC-SHA256 under a 32-byte secret kept in the database's `meta` table, made on
//! first start (so a backup restores the voters with the votes), cut to 16 bytes, over the text
//! before it with a prefix naming the kind, so a pass can never be read as a token. Nothing here
//! touches the clock or the database: the caller passes times and the secret in.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Why a pass or token was not accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenError {
    /// Not in the shape this server writes.
    Malformed,
    /// The shape is right but this server did not sign it (or it was changed).
    BadSignature,
}

impl TokenError {
    /// The error in words for the field it was found in.
    pub fn explain(self, what: &str) -> String {
        match self {
            TokenError::Malformed => format!("not a {what} this server issues"),
            TokenError::BadSignature => format!("a {what} this server did not sign"),
        }
    }
}

/// A pair token as the server reads it back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairClaim {
    /// The voter it was handed to.
    pub voter: String,
    /// The pair, in the order it was drawn.
    pub pair: (u64, u64),
    /// When it was handed out (ms since the epoch, the server's clock).
    pub issued: i64,
    /// What makes it single-use.
    pub nonce: String,
}

impl PairClaim {
    /// Whether a vote's two photos are this pair (either way round).
    pub fn is_pair(&self, chosen: u64, other: u64) -> bool {
        let (a, b) = self.pair;
        (chosen, other) == (a, b) || (chosen, other) == (b, a)
    }
}

/// Signs and checks passes and tokens under one secret.
#[derive(Clone)]
pub struct Signer {
    key: [u8; 32],
}

impl std::fmt::Debug for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Signer(..)")
    }
}

const MAC_HEX: usize = 32;

fn is_hex(s: &str, len: usize) -> bool {
    s.len() == len
        && s.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

impl Signer {
    /// A signer over `key`.
    pub fn new(key: [u8; 32]) -> Signer {
        Signer { key }
    }

    fn mac(&self, text: &str) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes any key length");
        mac.update(text.as_bytes());
        mac
    }

    fn sign(&self, text: String) -> String {
        let tag = self.mac(&text).finalize().into_bytes();
        format!("{text}.{}", crate::hex::encode(&tag[..MAC_HEX / 2]))
    }

    /// Splits `signed` into its text and checks the MAC (in constant time).
    fn open<'a>(&self, signed: &'a str) -> Result<&'a str, TokenError> {
        let (text, tag) = signed.rsplit_once('.').ok_or(TokenError::Malformed)?;
        if !is_hex(tag, MAC_HEX) {
            return Err(TokenError::Malformed);
        }
        let tag: [u8; MAC_HEX / 2] = crate::hex::decode(tag).ok_or(TokenError::Malformed)?;
        self.mac(text)
            .verify_truncated_left(&tag)
            .map_err(|_| TokenError::BadSignature)?;
        Ok(text)
    }

    /// The pass of voter `voter` (32 hex digits).
    pub fn voter_pass(&self, voter: &str) -> String {
        self.sign(format!("v1.{voter}"))
    }

    /// The voter a pass names, when this server signed it.
    pub fn read_pass(&self, pass: &str) -> Result<String, TokenError> {
        if pass.len() > 80 {
            return Err(TokenError::Malformed);
        }
        let text = self.open(pass)?;
        match text.split_once('.') {
            Some(("v1", voter)) if is_hex(voter, 32) => Ok(voter.to_string()),
            _ => Err(TokenError::Malformed),
        }
    }

    /// The token for `claim`.
    pub fn pair_token(&self, claim: &PairClaim) -> String {
        let PairClaim {
            voter,
            pair: (a, b),
            issued,
            nonce,
        } = claim;
        self.sign(format!("p1.{voter}.{a}.{b}.{issued}.{nonce}"))
    }

    /// What a token claims, when this server signed it.
    pub fn read_pair(&self, token: &str) -> Result<PairClaim, TokenError> {
        if token.len() > 160 {
            return Err(TokenError::Malformed);
        }
        let text = self.open(token)?;
        let parts: Vec<&str> = text.split('.').collect();
        let [kind, voter, a, b, issued, nonce] = parts[..] else {
            return Err(TokenError::Malformed);
        };
        let parsed = (a.parse(), b.parse(), issued.parse());
        match (kind, parsed) {
            ("p1", (Ok(a), Ok(b), Ok(issued))) if is_hex(voter, 32) && is_hex(nonce, 16) => {
                Ok(PairClaim {
                    voter: voter.to_string(),
                    pair: (a, b),
                    issued,
                    nonce: nonce.to_string(),
                })
            }
            _ => Err(TokenError::Malformed),
        }
    }
}

/// `n` bytes of OS randomness as hex: a new voter id (16 bytes) or nonce (8 bytes).
pub fn random_hex(n: usize) -> Result<String, getrandom::Error> {
    let mut bytes = vec![0u8; n];
    getrandom::getrandom(&mut bytes)?;
    Ok(crate::hex::encode(&bytes))
}

/// A random u64 from the OS: the seed of one deal's pairing.
pub fn random_u64() -> Result<u64, getrandom::Error> {
    let mut bytes = [0u8; 8];
    getrandom::getrandom(&mut bytes)?;
    Ok(u64::from_le_bytes(bytes))
}

/// A new secret for the signer.
pub fn new_secret() -> Result<[u8; 32], getrandom::Error> {
    let mut key = [0u8; 32];
    getrandom::getrandom(&mut key)?;
    Ok(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim() -> PairClaim {
        PairClaim {
            voter: "0123456789abcdef0123456789abcdef".into(),
            pair: (7, 12),
            issued: 1_700_000_000_000,
            nonce: "00ff00ff00ff00ff".into(),
        }
    }

    #[test]
    fn a_token_reads_back_as_it_was_signed() {
        let s = Signer::new([7; 32]);
        let t = s.pair_token(&claim());
        assert_eq!(s.read_pair(&t), Ok(claim()));
        let pass = s.voter_pass(&claim().voter);
        assert_eq!(s.read_pass(&pass), Ok(claim().voter));
    }

    #[test]
    fn a_changed_token_or_another_servers_is_refused() {
        let s = Signer::new([7; 32]);
        let t = s.pair_token(&claim());
        // Any changed field, the pair swapped for a better one, say.
        let forged = t.replacen(".7.12.", ".7.13.", 1);
        assert_eq!(s.read_pair(&forged), Err(TokenError::BadSignature));
        assert_eq!(
            Signer::new([8; 32]).read_pair(&t),
            Err(TokenError::BadSignature)
        );
        // A pass is never a token, nor a token a pass: the kind is signed.
        let pass = s.voter_pass(&claim().voter);
        assert_eq!(s.read_pair(&pass), Err(TokenError::Malformed));
        assert_eq!(s.read_pass(&t), Err(TokenError::Malformed));
        for junk in ["", ".", "p1", "v1.x.y", &"a".repeat(500)] {
            assert!(s.read_pair(junk).is_err(), "{junk}");
            assert!(s.read_pass(junk).is_err(), "{junk}");
        }
    }
}
