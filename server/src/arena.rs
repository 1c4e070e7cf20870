//! The arena's anonymous side on the server's facts (SPEC §16.1): who a voter is, which pairs it
//! was handed, and which votes may be counted. The server issues the voter pass, draws the pairs
//! (engine's pairing, `Db::deal_pairs`) and signs each as a single-use token carrying its own
//! time; a vote is checked against that token before it reaches the vote writer, so nothing a
//! client chooses (its id, its clock, its pair) decides whether a vote counts.

use crate::db::votes::Ballot;
use crate::error::ApiError;
use crate::tokens::{random_hex, PairClaim, Signer, TokenError};
use actix_web::http::StatusCode;
use engine::wire::{PairToken, VoteBatch};
use std::collections::HashMap;
use std::sync::Mutex;

/// Past this many voters, the memory of each voter's last pair starts afresh (a voter then may
/// see one photo twice running, once).
const MAX_REMEMBERED: usize = 100_000;

/// The signer and the last pair handed to each voter (so the next deal starts with a pair that
/// shares no photo with it).
pub struct Arena {
    signer: Signer,
    last: Mutex<HashMap<String, (u64, u64)>>,
}

impl std::fmt::Debug for Arena {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Arena(..)")
    }
}

/// A 422 for a pass or token this server did not issue, naming the field.
fn refused(code: &'static str, field: String, message: String) -> ApiError {
    ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        code,
        message,
        field: Some(field),
    }
}

/// The 422 for a voter pass that is not this server's.
fn unknown_voter(e: TokenError) -> ApiError {
    refused(
        "unknown_voter",
        "voter".into(),
        format!(
            "{}: ask for pairs without one (POST /api/pairs) to get a new pass",
            e.explain("voter pass")
        ),
    )
}

impl Arena {
    /// The arena over the database's signing secret.
    pub fn new(secret: [u8; 32]) -> Arena {
        Arena {
            signer: Signer::new(secret),
            last: Mutex::new(HashMap::new()),
        }
    }

    /// The signer, for tools and tests that mint passes and tokens as the server would.
    pub fn signer(&self) -> &Signer {
        &self.signer
    }

    /// The voter a pass names, or the 422 `unknown_voter` naming `voter`.
    pub fn voter(&self, pass: &str) -> Result<String, ApiError> {
        self.signer.read_pass(pass).map_err(unknown_voter)
    }

    /// A new voter id and its pass.
    pub fn new_voter(&self) -> Result<(String, String), ApiError> {
        let id = random_hex(16).map_err(ApiError::internal)?;
        let pass = self.signer.voter_pass(&id);
        Ok((id, pass))
    }

    /// The last pair handed to `voter`, if remembered.
    pub fn last_pair(&self, voter: &str) -> Option<(u64, u64)> {
        crate::db::lock(&self.last).get(voter).copied()
    }

    /// Signs `pairs` for `voter` at `now` and remembers the last one.
    pub fn hand_out(
        &self,
        voter: &str,
        pairs: &[(u64, u64)],
        now: i64,
    ) -> Result<Vec<PairToken>, ApiError> {
        let tokens = pairs
            .iter()
            .map(|&(a, b)| {
                let claim = PairClaim {
                    voter: voter.to_string(),
                    pair: (a, b),
                    issued: now,
                    nonce: random_hex(8).map_err(ApiError::internal)?,
                };
                Ok(PairToken {
                    a,
                    b,
                    token: self.signer.pair_token(&claim),
                })
            })
            .collect::<Result<Vec<_>, ApiError>>()?;
        if let Some(&last) = pairs.last() {
            let mut memory = crate::db::lock(&self.last);
            if memory.len() >= MAX_REMEMBERED {
                memory.clear();
            }
            memory.insert(voter.to_string(), last);
        }
        Ok(tokens)
    }

    /// Checks a vote batch against what this server issued: every vote's token was signed by it,
    /// for the two photos the vote names. Returns the ballots (each with the voter its token was
    /// handed to), or a 422 naming the first field at fault. Whether each ballot *counts* (its
    /// token's age, the repeat window, the allowances) is the vote writer's to say.
    pub fn ballots(&self, batch: &VoteBatch) -> Result<Vec<Ballot>, ApiError> {
        batch
            .votes
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let claim = self.signer.read_pair(&v.token).map_err(|e| {
                    refused(
                        "bad_token",
                        format!("votes[{i}].token"),
                        e.explain("pair token"),
                    )
                })?;
                if v.chosen == v.other || !claim.is_pair(v.chosen, v.other) {
                    let (a, b) = claim.pair;
                    return Err(refused(
                        "bad_token",
                        format!("votes[{i}].chosen"),
                        format!("the token is for photos {a} and {b}: choose one over the other"),
                    ));
                }
                Ok(Ballot {
                    voter: claim.voter,
                    chosen: v.chosen,
                    other: v.other,
                    cast_at: v.cast_at,
                    issued: claim.issued,
                    nonce: claim.nonce,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::wire::Vote;

    #[test]
    fn a_batch_is_checked_against_what_was_handed_out() {
        let arena = Arena::new([3; 32]);
        let (id, _pass) = arena.new_voter().unwrap();
        let (other, _) = arena.new_voter().unwrap();
        let tokens = arena.hand_out(&id, &[(1, 2), (3, 4)], 1_000).unwrap();
        let theirs = arena.hand_out(&other, &[(5, 6)], 2_000).unwrap();
        assert_eq!(arena.last_pair(&id), Some((3, 4)));
        let vote = |t: &PairToken, chosen, other| Vote {
            token: t.token.clone(),
            chosen,
            other,
            cast_at: 5,
        };
        // One batch may hold two voters' votes (two tabs sharing a queue): each is its token's.
        let batch = VoteBatch {
            votes: vec![
                vote(&tokens[0], 2, 1),
                vote(&tokens[1], 3, 4),
                vote(&theirs[0], 5, 6),
            ],
        };
        let ballots = arena.ballots(&batch).unwrap();
        let voters: Vec<&str> = ballots.iter().map(|b| b.voter.as_str()).collect();
        assert_eq!(voters, [id.as_str(), id.as_str(), other.as_str()]);
        assert_eq!((ballots[0].issued, ballots[2].issued), (1_000, 2_000));
        assert_ne!(ballots[0].nonce, ballots[1].nonce);

        let field = |b: VoteBatch| arena.ballots(&b).unwrap_err().field.unwrap();
        let wrong_pair = VoteBatch {
            votes: vec![vote(&tokens[0], 1, 3)],
        };
        assert_eq!(field(wrong_pair), "votes[0].chosen");
        let mut forged = vote(&tokens[0], 1, 2);
        forged.token = forged.token.replacen(".1.2.", ".1.3.", 1);
        forged.other = 3;
        assert_eq!(
            field(VoteBatch {
                votes: vec![forged]
            }),
            "votes[0].token"
        );
    }
}
