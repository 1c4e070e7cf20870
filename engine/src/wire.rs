//! The HTTP API's envelopes, shared by the app (which sends requests and reads responses) and the
//! server (which does the opposite), so the two cannot drift apart.
//!
//! Request types refuse unknown fields (the server is strict in what it accepts); response types
//! do not, so an older app reads a newer server's answers and ignores what it does not know.
//! Record bodies travel as plain JSON: the server checks each against its kind's engine type.

use serde::{Deserialize, Serialize};

pub mod bundles;
mod history;
mod summary;

pub use history::{
    faction_tallies, running_record, utc, FactionTally, HistoryEntry, HistoryListing, RecordPoint,
    SystemTally,
};
pub use summary::{FactionStanding, MapSummary, SummaryRecord};

/// Every failure the API reports: `{"error": {...}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ErrorEnvelope {
    /// What went wrong.
    pub error: ErrorBody,
}

/// One failure: a stable code, a sentence, and the input field at fault when there is one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ErrorBody {
    /// Machine-readable, e.g. `bad_request`, `unauthorized`, `gap`.
    pub code: String,
    /// A sentence for a person.
    pub message: String,
    /// The offending input as a path (`mutations[2].body.name`), if any.
    #[serde(default)]
    pub field: Option<String>,
}

/// What a mutation does to its record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    /// Create (`base_revision: null`) or replace the record with `body`.
    Put,
    /// Delete it, leaving a tombstone.
    Delete,
}

/// The longest client id a push may carry (in bytes).
pub const MAX_CLIENT_ID: usize = 64;

/// `POST /api/sync/push`: a client's queued edits, oldest first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PushRequest {
    /// The client's random id, kept with its queue.
    pub client_id: String,
    /// Mutations in the order they were made.
    pub mutations: Vec<Mutation>,
}

/// One queued edit of one record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mutation {
    /// 1, 2, 3 … per client, never reused: the server applies each id once.
    pub mutation_id: u64,
    /// Put or delete.
    pub op: Op,
    /// The record kind's name (`photo`, `faction`, …, see `RecordKind::name`).
    pub kind: String,
    /// The record's id (0 for the singletons `map` and `settings`).
    pub id: u64,
    /// The revision the client last saw; `null` when it creates the record.
    pub base_revision: Option<u64>,
    /// The whole record for a put; absent for a delete.
    #[serde(default)]
    pub body: Option<serde_json::Value>,
}

/// The answer to a push: one result per mutation, in order, and the cursor after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PushResponse {
    /// One per mutation sent.
    pub results: Vec<MutationResult>,
    /// The server's change counter after the push (pull from the cursor you had, not this).
    pub server_rev: u64,
}

/// What became of one mutation. Every outcome but `gap` consumes the mutation id: drop it from
/// the queue. A conflict is resolved by a new mutation based on `current.revision`.
///
/// Written as an internally tagged object (`{"status": "applied", "mutation_id": 3, ...}`) and
/// read through [`ResultFields`], which reads the same objects without serde's buffering of a
/// tagged enum (a smaller wasm for the app, which reads every push's results).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case", try_from = "ResultFields")]
pub enum MutationResult {
    /// Written; the record now has `revision`.
    Applied {
        /// The mutation.
        mutation_id: u64,
        /// The record's revision after it.
        revision: u64,
    },
    /// Already applied by an earlier push (a retry): nothing changed.
    Duplicate {
        /// The mutation.
        mutation_id: u64,
    },
    /// The record changed since `base_revision` (or was deleted, or already exists): refused.
    Conflict {
        /// The mutation.
        mutation_id: u64,
        /// The record as the server holds it.
        current: SyncRecord,
    },
    /// Refused as invalid, or (code `gap`) not yet applicable because earlier ids are missing.
    Rejected {
        /// The mutation.
        mutation_id: u64,
        /// Why, naming the field.
        error: ErrorBody,
    },
}

impl MutationResult {
    /// The mutation it answers.
    pub fn mutation_id(&self) -> u64 {
        match self {
            MutationResult::Applied { mutation_id, .. }
            | MutationResult::Duplicate { mutation_id }
            | MutationResult::Conflict { mutation_id, .. }
            | MutationResult::Rejected { mutation_id, .. } => *mutation_id,
        }
    }
}

/// A [`MutationResult`] as read: every variant's fields in one struct, checked against the status
/// by `TryFrom`. Serde reads an internally tagged enum by first buffering the whole object in its
/// `Content` tree and then reading each variant from that, which cost the map's wasm about 25 KB
/// (a `SyncRecord` body is read into that tree and then again into a JSON value).
#[derive(Deserialize)]
struct ResultFields {
    status: ResultStatus,
    mutation_id: u64,
    revision: Option<u64>,
    current: Option<SyncRecord>,
    error: Option<ErrorBody>,
}

/// The `status` tag of a [`MutationResult`].
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum ResultStatus {
    Applied,
    Duplicate,
    Conflict,
    Rejected,
}

impl TryFrom<ResultFields> for MutationResult {
    type Error = String;

    fn try_from(f: ResultFields) -> Result<Self, String> {
        fn need<T>(v: Option<T>, field: &str) -> Result<T, String> {
            v.ok_or_else(|| format!("missing field `{field}`"))
        }
        let mutation_id = f.mutation_id;
        Ok(match f.status {
            ResultStatus::Applied => MutationResult::Applied {
                mutation_id,
                revision: need(f.revision, "revision")?,
            },
            ResultStatus::Duplicate => MutationResult::Duplicate { mutation_id },
            ResultStatus::Conflict => MutationResult::Conflict {
                mutation_id,
                current: need(f.current, "current")?,
            },
            ResultStatus::Rejected => MutationResult::Rejected {
                mutation_id,
                error: need(f.error, "error")?,
            },
        })
    }
}

/// A record as sync moves it, tombstones included.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SyncRecord {
    /// The record kind's name.
    pub kind: String,
    /// Its id.
    pub id: u64,
    /// Its revision (1 when created, +1 per change, the delete included).
    pub revision: u64,
    /// The server change counter at its last change.
    pub server_rev: u64,
    /// Whether it is a tombstone.
    pub deleted: bool,
    /// Its body; `null` for a tombstone.
    pub body: Option<serde_json::Value>,
}

/// `GET /api/sync/pull?since=N`: every record changed after cursor `N`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PullResponse {
    /// Changed records in change order, tombstones included.
    pub records: Vec<SyncRecord>,
    /// Pass this as `since` next time.
    pub cursor: u64,
}

/// `GET /api/live` (Server-Sent Events, event `poke`): the realm's newest change and the battles
/// stored. A page holding an older cursor pulls; a page showing history reloads it when
/// `battles` moved. What changed is never sent here: the pull reads it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Poke {
    /// The server change counter: a pull `since` an older one has news.
    pub cursor: u64,
    /// Battle records stored.
    pub battles: u64,
}

/// `PUT /api/realm` answers with what the import changed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ImportResponse {
    /// Records created or changed.
    pub changed: u64,
    /// Records that became tombstones.
    pub deleted: u64,
    /// The server change counter after the import.
    pub server_rev: u64,
}

/// `POST /api/pairs`: ask for pairs to judge (SPEC §16.1). The server draws them with the
/// engine's pairing and signs each, so a vote counts only for a pair the server handed out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairRequest {
    /// The voter pass the server issued earlier; absent for a new voter, who gets one (the
    /// server caps how many new voters one address may become).
    #[serde(default)]
    pub voter: Option<String>,
    /// How many pairs, 1 to [`MAX_PAIRS`]: a handful ahead lets voting go on offline.
    pub count: u32,
}

/// The most pairs one [`PairRequest`] may ask for.
pub const MAX_PAIRS: u32 = 20;

/// The answer to a [`PairRequest`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairDeal {
    /// The voter pass to send with these pairs' votes (the one sent, or a new one).
    pub voter: String,
    /// The pairs, in the order to show them.
    pub pairs: Vec<PairToken>,
    /// For how long from now these pairs' votes count, in ms (the token life): the client
    /// counts it on its own clock, which may not agree with the server's.
    pub expires_in_ms: i64,
    /// What the arena shows of each photo in `pairs`, as the server holds it: on a first visit
    /// the deal arrives long before the whole collection, and the first pair is shown from
    /// these while the realm is still being read. Absent from an older server's deal.
    #[serde(default)]
    pub cards: Vec<PairCard>,
}

/// One photo as the arena's button shows it: its name, its faction's name and colour, and its
/// rating (the vote log's "then"); also a row of the standings table. Sent with a deal and with
/// the standings fit, and shown only until the realm is in, which has it all.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairCard {
    /// The photo.
    pub photo: u64,
    /// Its name.
    pub name: String,
    /// Its faction's name.
    pub faction: String,
    /// Its faction's colour, `#rrggbb`.
    pub colour: String,
    /// Its standing now.
    pub rating: crate::Rating,
}

/// One pair to judge and the server's signed, single-use token for it, which carries the voter,
/// the pair and the server's time it was handed out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairToken {
    /// One photo.
    pub a: u64,
    /// The other.
    pub b: u64,
    /// Opaque to the client; sent back with the vote.
    pub token: String,
}

/// `POST /api/votes`: judgements in the order they were made. Each vote's token names the voter
/// it was handed to, so a batch needs no pass of its own, and a queue that holds the votes of
/// several passes (two tabs, a pass renewed) still sends each as its own voter's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VoteBatch {
    /// Judgements, oldest first.
    pub votes: Vec<Vote>,
}

/// One judgement: `chosen` was preferred to `other`, on the pair a [`PairToken`] handed out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Vote {
    /// The pair's token, as the server issued it.
    pub token: String,
    /// The photo chosen.
    pub chosen: u64,
    /// The photo passed over.
    pub other: u64,
    /// When it was cast, ms since the Unix epoch (client clock; shown, never trusted: the
    /// server's own times decide what counts).
    pub cast_at: i64,
}

/// The answer to a vote batch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VoteResponse {
    /// One per vote, in order.
    pub results: Vec<VoteResult>,
    /// The ratings of every photo a counted vote touched, after the batch.
    pub ratings: Vec<crate::Rating>,
}

/// Whether one vote moved the ratings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VoteResult {
    /// Applied through the Elo update.
    pub counted: bool,
    /// Why not, when not: `duplicate_pair`, `rate_limited`, `too_fast`, `not_eligible`,
    /// `token_expired`.
    #[serde(default)]
    pub reason: Option<String>,
}

/// `GET /api/votes?after=CURSOR&limit=N`: one page of the counted judgements, in the order the
/// server applied them, without the voters' ids. The standings fit Bradley–Terry to all of them,
/// reading page after page.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct VoteList {
    /// Counted judgements, oldest first.
    pub votes: Vec<Judgement>,
    /// The cursor to pass as `after` for the next page; absent on the last page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<u64>,
}

/// `GET /api/votes/pairs`: how often each judged pair went each way, over every counted vote.
/// Its size grows with the pairs judged, not the votes; the standings' fit reads only this.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PairCounts {
    /// The server's change counter when the counts were read (those of the newest standings
    /// fit).
    #[serde(default)]
    pub server_rev: u64,
    /// Counted votes in all (the sum of every pair's wins).
    pub votes: u64,
    /// One per pair judged, `a < b`, by pair.
    pub pairs: Vec<crate::PairCount>,
}

/// `GET /api/standings`: the server's Bradley–Terry fit of the pair counts
/// (`engine::standings_ladder`), kept off the request path and fitted again when the collection
/// changes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StandingsResponse {
    /// The newest fit, if one has finished since the server started.
    #[serde(default)]
    pub fit: Option<StandingsFit>,
    /// The collection changed since `fit` (or there is none yet): a newer fit is on its way, so
    /// ask again in a moment.
    #[serde(default)]
    pub fitting: bool,
}

/// One Bradley–Terry fit of the standings.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StandingsFit {
    /// The server's change counter when the counts were read.
    pub server_rev: u64,
    /// Counted votes fitted.
    pub votes: u64,
    /// Pairs judged.
    pub pairs: u64,
    /// Bootstrap resamples behind the intervals.
    pub resamples: u32,
    /// How long the fit took on the server (ms).
    pub fit_ms: u64,
    /// The arena's photos with a counted vote, best first.
    pub ladder: Vec<crate::BtStanding>,
    /// The table's first [`crate::STANDINGS_FIRST_ROWS`] photos in its order
    /// ([`crate::standings_order`]), as the server's realm had them at `server_rev`: a first
    /// visit draws them before the whole collection has been read. Absent from an older server's.
    #[serde(default)]
    pub top: Vec<PairCard>,
}

/// One counted judgement: `chosen` was preferred to `other`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judgement {
    /// The photo chosen.
    pub chosen: u64,
    /// The photo passed over.
    pub other: u64,
}

/// `GET /api/seasons`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeasonsResponse {
    /// Every season, by number.
    pub seasons: Vec<crate::Season>,
    /// The arena's current season number (0: none yet).
    pub current_season: u32,
}

/// `PUT /api/seasons/current`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetCurrentSeason {
    /// A season number that exists, or 0 for none.
    pub current_season: u32,
}

/// `POST /api/seasons/assign`: put photos in a season (`null` takes them out of the arena).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AssignSeason {
    /// A season number that exists, or null.
    pub season: Option<u32>,
    /// The photos to move.
    pub photo_ids: Vec<u64>,
}

/// The answer to a season change.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChangeResponse {
    /// Records that changed.
    pub changed: u64,
    /// The server change counter after it.
    pub server_rev: u64,
}

/// `GET /api/photos/images`: which live photos have an uploaded image, so a client asks only for
/// images that exist (a missing one would be a 404 per photo) and can tell a changed one by its tag.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ImageList {
    /// One entry per photo with an image, by photo id.
    pub images: Vec<ImageTag>,
}

/// One uploaded image: its photo and its entity tag (changes whenever the bytes do).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImageTag {
    /// The photo's id.
    pub photo: u64,
    /// The image's strong entity tag, quoted, as `GET /api/photos/{id}/image` sends it.
    pub etag: String,
}

/// What an uploaded image belongs to: a photo, a unique item or a kind of war machine. Each is a
/// record of the collection; the image itself is not (it stays out of the document and the sync
/// queue), and it goes when its record does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ImageKind {
    /// A figure's photograph.
    Photo,
    /// A unique item's picture.
    UniqueItem,
    /// A war machine kind's picture.
    MachineKind,
}

impl ImageKind {
    /// Every kind, in the order the server lists them.
    pub const ALL: [ImageKind; 3] = [
        ImageKind::Photo,
        ImageKind::UniqueItem,
        ImageKind::MachineKind,
    ];

    /// The record kind the image belongs to.
    pub fn record_kind(self) -> crate::RecordKind {
        match self {
            ImageKind::Photo => crate::RecordKind::Photo,
            ImageKind::UniqueItem => crate::RecordKind::UniqueItem,
            ImageKind::MachineKind => crate::RecordKind::MachineKind,
        }
    }

    /// Its name in paths and lists: the record kind's name (`photo`, `unique_item`,
    /// `machine_kind`).
    pub fn name(self) -> &'static str {
        self.record_kind().name()
    }

    /// The image kind of records of `kind`, if they may have an image.
    pub fn of(kind: crate::RecordKind) -> Option<ImageKind> {
        ImageKind::ALL.into_iter().find(|k| k.record_kind() == kind)
    }

    /// The kind named `name`, if an image may belong to it.
    pub fn parse(name: &str) -> Option<ImageKind> {
        ImageKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// `GET /api/images`: every live record that has an uploaded image, of every [`ImageKind`].
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RecordImageList {
    /// One entry per image, by kind then id.
    pub images: Vec<RecordImageTag>,
}

/// One uploaded image of any kind and its entity tag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordImageTag {
    /// What it belongs to.
    pub kind: ImageKind,
    /// The record's id.
    pub id: u64,
    /// The original's strong entity tag, quoted.
    pub etag: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_kinds_are_named_as_their_records_are() {
        for k in ImageKind::ALL {
            assert_eq!(ImageKind::parse(k.name()), Some(k));
            assert_eq!(
                serde_json::to_value(k).unwrap(),
                serde_json::Value::String(k.name().into())
            );
        }
        assert_eq!(ImageKind::parse("faction"), None);
        assert_eq!(
            ImageKind::of(crate::RecordKind::UniqueItem),
            Some(ImageKind::UniqueItem)
        );
        assert_eq!(ImageKind::of(crate::RecordKind::Weapon), None);
    }

    #[test]
    fn requests_refuse_unknown_fields_and_responses_tolerate_them() {
        let push = r#"{"client_id":"c","mutations":[],"extra":1}"#;
        assert!(serde_json::from_str::<PushRequest>(push).is_err());
        let pull = r#"{"records":[],"cursor":3,"later":true}"#;
        assert_eq!(
            serde_json::from_str::<PullResponse>(pull).unwrap().cursor,
            3
        );
    }

    #[test]
    fn a_result_is_tagged_by_status() {
        let r = MutationResult::Duplicate { mutation_id: 4 };
        assert_eq!(
            serde_json::to_value(&r).unwrap(),
            serde_json::json!({"status": "duplicate", "mutation_id": 4})
        );
    }

    /// Every variant reads back from what it writes, the tag anywhere in the object; a variant's
    /// own field missing or an unknown status is refused.
    #[test]
    fn results_read_back_as_written() {
        let current = SyncRecord {
            kind: "faction".into(),
            id: 3,
            revision: 2,
            server_rev: 9,
            deleted: false,
            body: Some(serde_json::json!({"id": 3, "name": "Oak"})),
        };
        let error = ErrorBody {
            code: "gap".into(),
            message: "earlier ids are missing".into(),
            field: None,
        };
        let all = [
            MutationResult::Applied {
                mutation_id: 1,
                revision: 2,
            },
            MutationResult::Duplicate { mutation_id: 2 },
            MutationResult::Conflict {
                mutation_id: 3,
                current,
            },
            MutationResult::Rejected {
                mutation_id: 4,
                error,
            },
        ];
        let text = serde_json::to_string(&all).unwrap();
        assert_eq!(
            serde_json::from_str::<Vec<MutationResult>>(&text).unwrap(),
            all
        );
        let tag_last = r#"{"mutation_id": 1, "revision": 5, "status": "applied"}"#;
        assert_eq!(
            serde_json::from_str::<MutationResult>(tag_last).unwrap(),
            MutationResult::Applied {
                mutation_id: 1,
                revision: 5
            }
        );
        for bad in [
            r#"{"status": "applied", "mutation_id": 1}"#,
            r#"{"status": "conflict", "mutation_id": 1}"#,
            r#"{"status": "lost", "mutation_id": 1}"#,
            r#"{"revision": 1, "mutation_id": 1}"#,
        ] {
            assert!(
                serde_json::from_str::<MutationResult>(bad).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_replay_entry_reads_the_stored_json_and_knows_its_own_outcome() {
        let realm = crate::demo::demo_realm();
        let (a, d) = (realm.factions[0].id, realm.factions[1].id);
        for (n, system) in crate::BattleSystem::ALL.into_iter().enumerate() {
            let record = crate::fight(&realm, a, d, system, 40 + n as u64).unwrap();
            let entry = BattleEntry {
                id: 7,
                timestamp: 1_700_000_000_000,
                source: BattleSource::Map,
                record,
            };
            // As the server serves it, and as this browser holds it: the same entry.
            let text = serde_json::to_string(&entry).unwrap();
            let read: ReplayEntry = serde_json::from_str(&text).unwrap();
            assert_eq!(read, ReplayEntry::of(entry.clone()), "{system:?}");
            assert_eq!(read.record.input, entry.record.input);
            let again = crate::replay(&read.record.input);
            assert!(
                read.recorded(&again),
                "{system:?}: the replay is the record"
            );
            // Another seed's battle is not this record.
            let other = crate::fight(&realm, a, d, system, 1_000 + n as u64).unwrap();
            if other.outcome != entry.record.outcome {
                assert!(!read.recorded(&other.outcome), "{system:?}");
            }
        }
    }
}

/// Where a battle was fought (SPEC §14 `source`). Battle Lab runs are never recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleSource {
    /// Dragged on the map.
    Map,
    /// Fought from the editor.
    Editor,
}

/// One battle of Realm History — the engine's self-contained record plus what only whoever
/// stores it knows (its id, when, and where it was fought) — as the server stores and serves it.
/// The server writes it itself, from a [`BattleSubmission`] it fights on its own realm.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleEntry {
    /// A random id below 2⁵³, drawn by the client that fought it.
    pub id: u64,
    /// When it was fought, ms since the Unix epoch: the client's clock, kept only within the
    /// time of the revision it was fought on and the server's now.
    pub timestamp: i64,
    /// Map or editor.
    pub source: BattleSource,
    /// Input, outcome and winner.
    pub record: crate::BattleRecord,
}

/// A [`BattleEntry`] as a reader that fights it again reads it: the input typed, the recorded
/// outcome kept as the JSON it came as. Such a reader only compares the recorded outcome with the
/// one it gets, and reading an outcome back as a value takes every battle system's log parser
/// (the larger part of the history bundle's deserialisers); comparing JSON takes none. Both
/// sides are written by the same `Serialize`, so today's record compares equal field for field.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ReplayEntry {
    /// As [`BattleEntry::id`].
    pub id: u64,
    /// As [`BattleEntry::timestamp`].
    pub timestamp: i64,
    /// As [`BattleEntry::source`].
    pub source: BattleSource,
    /// The record, its outcome as JSON.
    pub record: ReplayRecord,
}

/// [`crate::BattleRecord`] with its outcome left as JSON (see [`ReplayEntry`]).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ReplayRecord {
    /// What was fought.
    pub input: crate::BattleInput,
    /// How it went, as recorded.
    pub outcome: serde_json::Value,
}

impl ReplayEntry {
    /// The entry of a battle this reader holds whole (one fought in this browser, say).
    pub fn of(entry: BattleEntry) -> Self {
        ReplayEntry {
            id: entry.id,
            timestamp: entry.timestamp,
            source: entry.source,
            record: ReplayRecord {
                outcome: outcome_json(&entry.record.outcome),
                input: entry.record.input,
            },
        }
    }

    /// Whether `outcome` is the recorded one.
    pub fn recorded(&self, outcome: &crate::Outcome) -> bool {
        outcome_json(outcome) == self.record.outcome
    }
}

fn outcome_json(outcome: &crate::Outcome) -> serde_json::Value {
    // Plain data with string keys always serialises.
    serde_json::to_value(outcome).expect("an outcome serialises")
}

/// `POST /api/history`: a battle by reference, as the app sends it and the server reads it. The
/// server rebuilds the realm as it stood at `fought_on` (the pull cursor of the browser's copy,
/// sent only when that copy was exactly the server's), fights `attacker` against `defender` under
/// `system` from `seed` with the engine, and stores the record it gets, so nothing a visitor sends
/// becomes a number in history (SPEC §14, §16: the seed stays the client's).
///
/// A client may also send the record it computed: it must then equal the server's field for
/// field (else `forged`, naming the first field that differs), and the reference's fields it
/// leaves out are read from it. It stays JSON here because it is only ever compared, never
/// believed. A body without `fought_on` (an older app queued whole entries) cannot be checked
/// against the realm and is refused as `realm_changed`. The app writes every reference field, so
/// its JSON is `{id, timestamp, source, fought_on, attacker, defender, system, seed}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleSubmission {
    /// As [`BattleEntry::id`].
    pub id: u64,
    /// As [`BattleEntry::timestamp`]: kept only within [the revision's time, now].
    pub timestamp: i64,
    /// As [`BattleEntry::source`].
    pub source: BattleSource,
    /// The server change counter the browser's realm was exactly at; absent in an older app's
    /// entry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fought_on: Option<u64>,
    /// The attacking faction; else the record's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker: Option<u64>,
    /// The defending faction; else the record's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender: Option<u64>,
    /// The battle system; else the record's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system: Option<crate::BattleSystem>,
    /// The battle's seed; else the record's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The [`crate::BattleRecord`] the client computed, or part of it (its `input` at least), if
    /// it sent one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<serde_json::Value>,
}
