//! The user's pending work, in the server's protocol: collection edits as numbered mutations,
//! votes, and battle records. It is plain data so it can be stored as it is and survive reloads,
//! closed tabs and browser restarts; every step here is pure and tested natively.

use super::snapshot::Snapshot;
use engine::wire::{
    BattleSubmission, ErrorBody, Mutation, MutationResult, Op, PushRequest, PushResponse,
    SyncRecord, Vote,
};
use serde::{Deserialize, Serialize};

/// Everything waiting to reach the server, and what came back needing the user.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Queue {
    /// This browser's random id in the sync protocol.
    pub client_id: String,
    /// The id the next mutation gets (1, 2, 3 … per client id, never reused).
    pub next_id: u64,
    /// Collection edits, oldest first.
    pub mutations: Vec<Pending>,
    /// Arena judgements, oldest first.
    #[serde(deserialize_with = "votes_with_tokens")]
    pub votes: Vec<Vote>,
    /// Battles for Realm History, as the JSON the server will receive.
    pub battles: Vec<QueuedBattle>,
    /// Edits the server refused as stale, waiting for the user to choose a side.
    pub conflicts: Vec<Conflict>,
    /// Work the server refused as invalid, kept so the user sees why.
    pub refused: Vec<Refusal>,
}

/// The stored votes that carry a pair token. Votes an older build queued have none (the server
/// then trusted the browser's own voter id and clock), so they can never count; they are left
/// behind here rather than making the whole queue, edits included, unreadable.
fn votes_with_tokens<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Vote>, D::Error> {
    let stored = Vec::<serde_json::Value>::deserialize(d)?;
    Ok(stored
        .into_iter()
        .filter_map(|v| serde_json::from_value(v).ok())
        .collect())
}

/// A battle waiting for Realm History: the [`BattleSubmission`] as the JSON text the server will
/// receive, stored and sent exactly as written.
///
/// Why text, not a typed value: the queue is loaded on every page, the map's included, and
/// parsing a battle back takes every battle system's log parser (about 300 KB of the map's
/// wasm before optimisation). Nothing in the browser reads a queued battle back; it is only sent
/// and dropped by id. A queue stored by an older build holds whole `BattleEntry`s or
/// submissions without a revision; they still load and are sent, and the server refuses them as
/// `realm_changed` (it cannot know which realm they were fought on), which the user is shown.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct QueuedBattle(Box<serde_json::value::RawValue>);

impl QueuedBattle {
    /// The battle as JSON.
    pub fn new(battle: &BattleSubmission) -> Self {
        // Serialising plain data with string keys into JSON cannot fail.
        QueuedBattle(serde_json::value::to_raw_value(battle).expect("a battle serialises"))
    }

    /// The entry's id, read from the JSON (`None` if the stored text has none).
    pub fn id(&self) -> Option<u64> {
        #[derive(Deserialize)]
        struct Id {
            id: u64,
        }
        serde_json::from_str::<Id>(self.0.get()).ok().map(|e| e.id)
    }

    /// The battle as it was queued (`None` if the stored text no longer reads as one).
    pub fn submission(&self) -> Option<BattleSubmission> {
        serde_json::from_str(self.0.get()).ok()
    }
}

impl PartialEq for QueuedBattle {
    fn eq(&self, other: &Self) -> bool {
        self.0.get() == other.0.get()
    }
}

/// One queued edit and whether it has ever been sent. A sent mutation may have been applied
/// (its answer can be lost), so its content is frozen; an unsent one can still absorb later edits.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pending {
    /// The edit as the server will receive it.
    pub mutation: Mutation,
    /// Whether a push carrying it has left the browser.
    pub sent: bool,
}

/// My version of a record and the server's newer one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Conflict {
    /// The record kind's name.
    pub kind: String,
    /// The record's id.
    pub id: u64,
    /// What I wanted: the body, or `None` for my delete.
    pub mine: Option<serde_json::Value>,
    /// The record as the server holds it.
    pub theirs: SyncRecord,
}

/// Which side of a conflict wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Push my version on top of theirs.
    Mine,
    /// Keep the server's version and drop mine.
    Theirs,
}

/// Something the server would not take, and its reason.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Refusal {
    /// What it was, in words (`faction 3`, `battle 812…`).
    pub what: String,
    /// The server's reason, naming the field.
    pub error: ErrorBody,
}

/// What a push's answer asks of the caller.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settled {
    /// Mutations the server took (applied or already applied).
    pub done: usize,
    /// New conflicts.
    pub conflicts: usize,
    /// The server has no memory of this client's earlier ids (its database was replaced): the
    /// queue has been renumbered under a new client id and must be pushed again.
    pub renumbered: bool,
}

impl Queue {
    /// An empty queue for a new client id.
    pub fn new(client_id: String) -> Self {
        Queue {
            client_id,
            next_id: 1,
            mutations: Vec::new(),
            votes: Vec::new(),
            battles: Vec::new(),
            conflicts: Vec::new(),
            refused: Vec::new(),
        }
    }

    /// Work still to be sent: edits, votes and battles.
    pub fn pending(&self) -> usize {
        self.mutations.len() + self.votes.len() + self.battles.len()
    }

    /// Queues a put (`body` given) or a delete (`body` absent) of one record.
    ///
    /// The base revision is what the server will hold when this mutation arrives: the revision an
    /// earlier queued edit of the same record will produce, else the snapshot's. An edit of a
    /// record whose last queued edit has not been sent yet is folded into it instead, so ten quick
    /// edits of one name cost one mutation; and deleting a record created offline just forgets it.
    #[cfg(test)]
    pub fn edit(
        &mut self,
        snapshot: &Snapshot,
        kind: &str,
        id: u64,
        body: Option<serde_json::Value>,
    ) {
        let known = snapshot.get(kind, id).map(|r| r.revision);
        self.edit_known(known, kind, id, body);
    }

    /// As [`Queue::edit`], given the revision the snapshot holds of the record (`known`), so the
    /// edit can be applied again to another copy of the queue without the snapshot.
    fn edit_known(
        &mut self,
        known: Option<u64>,
        kind: &str,
        id: u64,
        body: Option<serde_json::Value>,
    ) {
        let op = if body.is_some() { Op::Put } else { Op::Delete };
        let last = self
            .mutations
            .iter()
            .rposition(|p| p.mutation.kind == kind && p.mutation.id == id);
        if let Some(i) = last.filter(|&i| !self.mutations[i].sent) {
            let m = &mut self.mutations[i].mutation;
            if op == Op::Delete && m.base_revision.is_none() {
                self.mutations.remove(i);
            } else {
                m.op = op;
                m.body = body;
            }
            return;
        }
        let base_revision = match last {
            Some(i) => Some(
                self.mutations[i]
                    .mutation
                    .base_revision
                    .map_or(1, |b| b + 1),
            ),
            None => known,
        };
        self.push_mutation(op, kind, id, base_revision, body);
    }

    fn push_mutation(
        &mut self,
        op: Op,
        kind: &str,
        id: u64,
        base_revision: Option<u64>,
        body: Option<serde_json::Value>,
    ) {
        let mutation = Mutation {
            mutation_id: self.next_id,
            op,
            kind: kind.to_string(),
            id,
            base_revision,
            body,
        };
        self.next_id += 1;
        self.mutations.push(Pending {
            mutation,
            sent: false,
        });
    }

    /// The next push: up to `max` mutations from the front, now marked as sent.
    pub fn batch(&mut self, max: usize) -> Option<PushRequest> {
        if self.mutations.is_empty() {
            return None;
        }
        let n = self.mutations.len().min(max);
        let mutations = self.mutations[..n]
            .iter_mut()
            .map(|p| {
                p.sent = true;
                p.mutation.clone()
            })
            .collect();
        Some(PushRequest {
            client_id: self.client_id.clone(),
            mutations,
        })
    }

    /// Takes in a push's answer: every result but a gap consumes its mutation. Applied edits go
    /// into the snapshot at once; a conflict keeps my side and the server's for the user; an
    /// invalid edit is kept as a refusal with the server's reason.
    pub fn settle(&mut self, answer: &PushResponse, snapshot: &mut Snapshot) -> Settled {
        let mut settled = Settled::default();
        let mut gap = false;
        for result in &answer.results {
            let id = match result {
                MutationResult::Applied { mutation_id, .. }
                | MutationResult::Duplicate { mutation_id }
                | MutationResult::Conflict { mutation_id, .. }
                | MutationResult::Rejected { mutation_id, .. } => *mutation_id,
            };
            let Some(i) = self
                .mutations
                .iter()
                .position(|p| p.mutation.mutation_id == id)
            else {
                continue;
            };
            if let MutationResult::Rejected { error, .. } = result {
                if error.code == "gap" {
                    gap = true;
                    continue;
                }
            }
            let m = self.mutations.remove(i).mutation;
            match result {
                MutationResult::Applied { revision, .. } => {
                    snapshot.acknowledge(&m.kind, m.id, m.op, m.body, *revision);
                    settled.done += 1;
                }
                MutationResult::Duplicate { .. } => settled.done += 1,
                MutationResult::Conflict { current, .. } => {
                    snapshot.absorb_aside(current.clone());
                    self.conflicts
                        .retain(|c| !(c.kind == m.kind && c.id == m.id));
                    self.conflicts.push(Conflict {
                        kind: m.kind,
                        id: m.id,
                        mine: m.body,
                        theirs: current.clone(),
                    });
                    settled.conflicts += 1;
                }
                MutationResult::Rejected { error, .. } => self.refused.push(Refusal {
                    what: format!("{} {}", m.kind, m.id),
                    error: error.clone(),
                }),
            }
        }
        if gap {
            self.renumber(renumbered_id(&self.client_id, answer.server_rev));
            settled.renumbered = true;
        }
        settled
    }

    /// Starts the numbering again under a new client id: the server never consumed these ids.
    pub(crate) fn renumber(&mut self, client_id: String) {
        self.client_id = client_id;
        self.next_id = 1;
        for p in &mut self.mutations {
            p.mutation.mutation_id = self.next_id;
            p.sent = false;
            self.next_id += 1;
        }
    }

    /// Settles the conflict over one record, if it is still waiting: my side is queued on top of
    /// the server's revision (a record the server deleted cannot come back, so there only theirs
    /// can win); theirs just drops mine.
    pub fn resolve(&mut self, kind: &str, id: u64, choice: Choice) {
        if let Some(i) = self
            .conflicts
            .iter()
            .position(|c| c.kind == kind && c.id == id)
        {
            let c = self.conflicts.remove(i);
            self.choose(c, choice);
        }
    }

    fn choose(&mut self, c: Conflict, choice: Choice) {
        if choice == Choice::Mine && !c.theirs.deleted {
            let op = if c.mine.is_some() {
                Op::Put
            } else {
                Op::Delete
            };
            self.push_mutation(op, &c.kind, c.id, Some(c.theirs.revision), c.mine);
        }
    }
}

/// One change a page makes to the queue, kept as data: it is applied to this page's copy at once
/// and again, when its turn comes, to the stored queue, which another tab may have changed since
/// (`store/saving.rs`). So each change says what it does by record, never by position.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// A collection edit ([`Queue::edit`]); `known` is the snapshot's revision of the record.
    Edit {
        /// The record kind's name.
        kind: String,
        /// The record's id.
        id: u64,
        /// The revision the snapshot held when the edit was made.
        known: Option<u64>,
        /// The new body, or `None` to delete.
        body: Option<serde_json::Value>,
    },
    /// An arena judgement.
    Vote(Vote),
    /// A battle for Realm History.
    Battle(QueuedBattle),
    /// A conflict settled.
    Resolve {
        /// The record kind's name.
        kind: String,
        /// The record's id.
        id: u64,
        /// The side that wins.
        choice: Choice,
    },
    /// A refusal read and put away.
    Dismiss(Refusal),
}

impl Change {
    /// Applies the change to `queue`.
    pub fn apply(&self, queue: &mut Queue) {
        match self {
            Change::Edit {
                kind,
                id,
                known,
                body,
            } => queue.edit_known(*known, kind, *id, body.clone()),
            Change::Vote(v) => queue.votes.push(v.clone()),
            Change::Battle(b) => queue.battles.push(b.clone()),
            Change::Resolve { kind, id, choice } => queue.resolve(kind, *id, *choice),
            Change::Dismiss(r) => {
                if let Some(i) = queue.refused.iter().position(|x| x == r) {
                    queue.refused.remove(i);
                }
            }
        }
    }
}

impl Queue {
    /// Takes in a queue an older build stored elsewhere (its localStorage copy) when this one
    /// already holds work: its edits are queued again under this queue's numbering (a conflict
    /// shows if one was applied already), and its votes, battles, conflicts and refusals join
    /// these unless already here. Nothing in either is dropped.
    pub fn merge(&mut self, other: Queue) {
        for p in other.mutations {
            let m = p.mutation;
            // The same edit already here: two tabs opened at once both found the older copy.
            let held = self.mutations.iter().any(|h| {
                let h = &h.mutation;
                (&h.kind, h.id, h.op, h.base_revision, &h.body)
                    == (&m.kind, m.id, m.op, m.base_revision, &m.body)
            });
            if !held {
                self.push_mutation(m.op, &m.kind, m.id, m.base_revision, m.body);
            }
        }
        for v in other.votes {
            if !self.votes.contains(&v) {
                self.votes.push(v);
            }
        }
        for b in other.battles {
            if !self.battles.contains(&b) {
                self.battles.push(b);
            }
        }
        for c in other.conflicts {
            if !self.conflicts.contains(&c) {
                self.conflicts.push(c);
            }
        }
        for r in other.refused {
            if !self.refused.contains(&r) {
                self.refused.push(r);
            }
        }
    }
}

/// The client id after a gap: the first one's random part and the server's change counter, so
/// every renumbering gives an id the server has not seen, and no number of them makes it longer
/// than [`engine::wire::MAX_CLIENT_ID`] (a random part of 16 hex digits, `-`, at most 20 digits).
pub fn renumbered_id(client_id: &str, server_rev: u64) -> String {
    let base: String = client_id
        .split('-')
        .next()
        .unwrap_or_default()
        .chars()
        .take(32)
        .collect();
    format!("{base}-{server_rev}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::wire::{BattleEntry, PullResponse};
    use serde_json::json;

    /// A queued battle is stored byte for byte as the reference it sends, and a queue an older
    /// build wrote, of whole `BattleEntry`s, loads and keeps them as they were.
    #[test]
    fn a_queued_battle_is_stored_as_what_it_sends() {
        use engine::wire::BattleSource;
        use engine::{demo_realm, fight, BattleSystem, FactionKind};
        let realm = demo_realm();
        let ids: Vec<u64> = realm
            .factions
            .iter()
            .filter(|f| f.kind == FactionKind::Ordinary && f.marker.is_some())
            .map(|f| f.id)
            .collect();
        let systems = [
            BattleSystem::V2,
            BattleSystem::Olympia,
            BattleSystem::MassBattle,
        ];
        let entries: Vec<BattleEntry> = systems
            .into_iter()
            .enumerate()
            .map(|(n, system)| BattleEntry {
                id: 900 + n as u64,
                timestamp: 1_700_000_000_000,
                source: BattleSource::Map,
                record: fight(&realm, ids[0], ids[1], system, 7 + n as u64).unwrap(),
            })
            .collect();
        let submissions: Vec<BattleSubmission> = entries
            .iter()
            .map(|e| BattleSubmission {
                id: e.id,
                timestamp: e.timestamp,
                source: e.source,
                fought_on: Some(12),
                attacker: Some(ids[0]),
                defender: Some(ids[1]),
                system: Some(e.record.input.system),
                seed: Some(e.record.input.seed),
                record: None,
            })
            .collect();
        // The reference's JSON, field for field as the app has always sent it.
        assert_eq!(
            serde_json::to_string(&submissions[0]).unwrap(),
            format!(
                r#"{{"id":900,"timestamp":1700000000000,"source":"map","fought_on":12,"attacker":{},"defender":{},"system":"v2","seed":7}}"#,
                ids[0], ids[1]
            )
        );
        let mut q = Queue::new("c".into());
        q.battles = submissions.iter().map(QueuedBattle::new).collect();
        let stored = serde_json::to_string(&q).unwrap();
        let sent: String = serde_json::to_string(&submissions).unwrap();
        assert!(stored.contains(&format!("\"battles\":{sent}")));
        assert!(!sent.contains("\"outcome\""));
        let back: Queue = serde_json::from_str(&stored).unwrap();
        assert_eq!(back, q);
        let ids: Vec<Option<u64>> = back.battles.iter().map(QueuedBattle::id).collect();
        assert_eq!(ids, [Some(900), Some(901), Some(902)]);
        // An older build's queue: whole entries, kept byte for byte.
        let old = stored.replace(&sent, &serde_json::to_string(&entries).unwrap());
        let back: Queue = serde_json::from_str(&old).unwrap();
        let read: Vec<BattleEntry> = back
            .battles
            .iter()
            .map(|b| serde_json::from_str(b.0.get()).unwrap())
            .collect();
        assert_eq!(read, entries);
        assert_eq!(serde_json::to_string(&back).unwrap(), old);
        // And the server reads each as a submission without a revision (so it answers
        // `realm_changed`, which the user is shown), not as a body it cannot parse.
        for b in &back.battles {
            let s: BattleSubmission = engine::json::from_str(b.0.get()).unwrap();
            assert_eq!((s.fought_on, s.record.is_some()), (None, true));
        }
    }

    fn snapshot_with(kind: &str, id: u64, revision: u64) -> Snapshot {
        let mut s = Snapshot::default();
        s.apply_pull(PullResponse {
            records: vec![SyncRecord {
                kind: kind.into(),
                id,
                revision,
                server_rev: 1,
                deleted: false,
                body: Some(json!({"id": id, "name": "old"})),
            }],
            cursor: 1,
        });
        s
    }

    fn ids(q: &Queue) -> Vec<(u64, Option<u64>)> {
        q.mutations
            .iter()
            .map(|p| (p.mutation.mutation_id, p.mutation.base_revision))
            .collect()
    }

    #[test]
    fn edits_of_an_unsent_record_fold_into_one_mutation() {
        let s = snapshot_with("faction", 3, 4);
        let mut q = Queue::new("c".into());
        q.edit(&s, "faction", 3, Some(json!({"name": "a"})));
        q.edit(&s, "faction", 3, Some(json!({"name": "b"})));
        assert_eq!(ids(&q), vec![(1, Some(4))]);
        assert_eq!(q.mutations[0].mutation.body, Some(json!({"name": "b"})));
        assert_eq!(q.pending(), 1);
    }

    #[test]
    fn an_edit_after_a_sent_one_bases_on_the_revision_it_will_make() {
        let s = snapshot_with("faction", 3, 4);
        let mut q = Queue::new("c".into());
        q.edit(&s, "faction", 3, Some(json!({"name": "a"})));
        q.batch(10).unwrap();
        q.edit(&s, "faction", 3, Some(json!({"name": "b"})));
        // A new record (not in the snapshot) is created with base null, then edited from rev 1.
        q.edit(&s, "regiment", 9, Some(json!({"id": 9})));
        q.batch(10).unwrap();
        q.edit(&s, "regiment", 9, Some(json!({"id": 9, "name": "x"})));
        assert_eq!(
            ids(&q),
            vec![(1, Some(4)), (2, Some(5)), (3, None), (4, Some(1))]
        );
    }

    #[test]
    fn deleting_a_record_created_offline_forgets_it() {
        let s = Snapshot::default();
        let mut q = Queue::new("c".into());
        q.edit(&s, "regiment", 9, Some(json!({"id": 9})));
        q.edit(&s, "regiment", 9, None);
        assert_eq!(q.pending(), 0);
        assert_eq!(q.next_id, 2, "ids are never reused");
    }

    #[test]
    fn settle_consumes_every_result_and_keeps_conflicts_and_refusals() {
        let mut s = snapshot_with("faction", 3, 4);
        let mut q = Queue::new("c".into());
        for (id, name) in [(3, "mine"), (5, "x"), (6, "bad"), (7, "again")] {
            q.edit(&s, "faction", id, Some(json!({"id": id, "name": name})));
        }
        let req = q.batch(3).unwrap();
        assert_eq!(req.mutations.len(), 3);
        let theirs = SyncRecord {
            kind: "faction".into(),
            id: 3,
            revision: 5,
            server_rev: 8,
            deleted: false,
            body: Some(json!({"id": 3, "name": "theirs"})),
        };
        let bad = ErrorBody {
            code: "bad_request".into(),
            message: "too long".into(),
            field: Some("mutations[2].body.name".into()),
        };
        let answer = PushResponse {
            results: vec![
                MutationResult::Conflict {
                    mutation_id: 1,
                    current: theirs.clone(),
                },
                MutationResult::Applied {
                    mutation_id: 2,
                    revision: 1,
                },
                MutationResult::Rejected {
                    mutation_id: 3,
                    error: bad.clone(),
                },
            ],
            server_rev: 9,
        };
        let settled = q.settle(&answer, &mut s);
        assert_eq!(settled.done, 1);
        assert_eq!(settled.conflicts, 1);
        assert!(!settled.renumbered);
        assert_eq!(ids(&q), vec![(4, None)], "only the unsent one is left");
        assert_eq!(q.conflicts[0].mine, Some(json!({"id": 3, "name": "mine"})));
        assert_eq!(q.conflicts[0].theirs, theirs);
        assert_eq!(q.refused[0].error, bad);
        assert_eq!(s.get("faction", 3).unwrap().body, theirs.body);
        assert_eq!(s.get("faction", 5).unwrap().revision, 1);
        // A retried answer changes nothing more.
        assert_eq!(q.settle(&answer, &mut s), Settled::default());
    }

    #[test]
    fn a_gap_renumbers_the_queue_under_a_new_client_id() {
        let mut s = snapshot_with("faction", 3, 4);
        let mut q = Queue::new("c".into());
        q.next_id = 40;
        q.edit(&s, "faction", 3, Some(json!({"name": "a"})));
        q.batch(10).unwrap();
        let gap = ErrorBody {
            code: "gap".into(),
            message: "send 1 first".into(),
            field: None,
        };
        let answer = PushResponse {
            results: vec![MutationResult::Rejected {
                mutation_id: 40,
                error: gap,
            }],
            server_rev: 2,
        };
        assert!(q.settle(&answer, &mut s).renumbered);
        assert_eq!(q.client_id, "c-2");
        assert_eq!(ids(&q), vec![(1, Some(4))]);
        assert!(!q.mutations[0].sent);
        assert!(q.refused.is_empty());
    }

    #[test]
    fn no_number_of_gaps_grows_the_client_id_past_its_limit() {
        let mut id = "0123456789abcdef".to_string();
        for rev in [3, u64::MAX, 17, 0, u64::MAX] {
            id = renumbered_id(&id, rev);
            assert!(id.len() <= engine::wire::MAX_CLIENT_ID, "{id}");
            assert!(id.starts_with("0123456789abcdef-"), "{id}");
        }
        assert_eq!(renumbered_id(&id, 9), "0123456789abcdef-9");
        let long = "x".repeat(200);
        assert!(renumbered_id(&long, u64::MAX).len() <= engine::wire::MAX_CLIENT_ID);
    }

    #[test]
    fn resolving_a_conflict_queues_mine_on_their_revision_or_drops_it() {
        let theirs = |deleted| SyncRecord {
            kind: "faction".into(),
            id: 3,
            revision: 7,
            server_rev: 8,
            deleted,
            body: (!deleted).then(|| json!({"name": "theirs"})),
        };
        let conflict = |deleted| Conflict {
            kind: "faction".into(),
            id: 3,
            mine: Some(json!({"name": "mine"})),
            theirs: theirs(deleted),
        };
        let mut q = Queue::new("c".into());
        q.conflicts = vec![conflict(false), conflict(false), conflict(true)];
        q.resolve("faction", 3, Choice::Mine);
        assert_eq!(ids(&q), vec![(1, Some(7))]);
        q.resolve("faction", 3, Choice::Theirs);
        assert_eq!(q.pending(), 1);
        // The server deleted it: mine cannot bring it back.
        q.resolve("faction", 3, Choice::Mine);
        assert_eq!(q.pending(), 1);
        assert!(q.conflicts.is_empty());
        q.resolve("faction", 3, Choice::Mine);
        assert_eq!(q.pending(), 1, "a settled conflict does nothing");
    }

    #[test]
    fn the_stored_form_round_trips() {
        let s = snapshot_with("faction", 3, 4);
        let mut q = Queue::new("c".into());
        q.edit(&s, "faction", 3, Some(json!({"name": "a"})));
        q.votes.push(Vote {
            token: "p1.t".into(),
            chosen: 1,
            other: 2,
            cast_at: 10,
        });
        let text = serde_json::to_string(&q).unwrap();
        assert_eq!(serde_json::from_str::<Queue>(&text).unwrap(), q);
    }

    #[test]
    fn a_queue_with_votes_from_before_pair_tokens_still_loads_without_them() {
        let s = snapshot_with("faction", 3, 4);
        let mut q = Queue::new("c".into());
        q.edit(&s, "faction", 3, Some(json!({"name": "a"})));
        let mut stored = serde_json::to_value(&q).unwrap();
        stored["votes"] = json!([
            {"chosen": 1, "other": 2, "cast_at": 10, "shown_at": 5},
            {"token": "p1.t", "chosen": 1, "other": 2, "cast_at": 11}
        ]);
        let loaded: Queue = serde_json::from_value(stored).unwrap();
        assert_eq!(loaded.mutations, q.mutations, "the edits are kept");
        assert_eq!(loaded.votes.len(), 1, "only the vote with a token");
    }

    fn vote(cast_at: i64) -> Vote {
        Vote {
            token: format!("p{cast_at}.t"),
            chosen: 1,
            other: 2,
            cast_at,
        }
    }

    /// Two tabs each change their own copy; each change applied again to the stored queue, in the
    /// order the changes were written, keeps both, numbered one after the other.
    #[test]
    fn a_change_applied_again_to_a_queue_another_tab_changed_keeps_both() {
        let s = snapshot_with("faction", 3, 4);
        let start = Queue::new("c".into());
        let mine = Change::Edit {
            kind: "faction".into(),
            id: 3,
            known: s.get("faction", 3).map(|r| r.revision),
            body: Some(json!({"name": "mine"})),
        };
        let theirs = Change::Edit {
            kind: "regiment".into(),
            id: 9,
            known: None,
            body: Some(json!({"id": 9})),
        };
        let mut my_tab = start.clone();
        mine.apply(&mut my_tab);
        let mut stored = start.clone();
        theirs.apply(&mut stored);
        Change::Vote(vote(5)).apply(&mut stored);
        mine.apply(&mut stored);
        assert_eq!(ids(&stored), vec![(1, None), (2, Some(4))]);
        assert_eq!(stored.votes, vec![vote(5)]);
        // A conflict is settled by its record, wherever the other tab has put it in the list.
        let conflict = |id| Conflict {
            kind: "faction".into(),
            id,
            mine: None,
            theirs: SyncRecord {
                kind: "faction".into(),
                id,
                revision: 7,
                server_rev: 8,
                deleted: false,
                body: Some(json!({"id": id})),
            },
        };
        stored.conflicts = vec![conflict(8), conflict(3)];
        Change::Resolve {
            kind: "faction".into(),
            id: 3,
            choice: Choice::Theirs,
        }
        .apply(&mut stored);
        assert_eq!(stored.conflicts, vec![conflict(8)]);
        let refusal = Refusal {
            what: "faction 8".into(),
            error: ErrorBody {
                code: "bad_request".into(),
                message: "no".into(),
                field: None,
            },
        };
        stored.refused = vec![refusal.clone()];
        Change::Dismiss(refusal.clone()).apply(&mut stored);
        Change::Dismiss(refusal).apply(&mut stored);
        assert!(stored.refused.is_empty(), "dismissing twice is harmless");
    }

    /// The localStorage queue of an older build joins the stored one without losing an edit, and
    /// what both hold is kept once.
    #[test]
    fn merging_an_older_copy_loses_nothing_and_doubles_nothing() {
        let s = snapshot_with("faction", 3, 4);
        let mut here = Queue::new("c".into());
        here.edit(&s, "faction", 3, Some(json!({"name": "here"})));
        here.votes.push(vote(1));
        let mut old = Queue::new("old".into());
        old.edit(&s, "faction", 3, Some(json!({"name": "old"})));
        old.edit(&s, "regiment", 9, Some(json!({"id": 9})));
        old.batch(1);
        old.votes = vec![vote(1), vote(2)];
        here.merge(old);
        assert_eq!(here.client_id, "c");
        assert_eq!(ids(&here), vec![(1, Some(4)), (2, Some(4)), (3, None)]);
        assert!(
            here.mutations.iter().all(|p| !p.sent),
            "sent again under this numbering"
        );
        assert_eq!(here.votes, vec![vote(1), vote(2)]);
        let twice = here.clone();
        here.merge(twice.clone());
        assert_eq!(here, twice, "a copy merged into itself adds nothing");
    }
}
