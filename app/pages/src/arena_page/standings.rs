//! `/arena/standings`: the rating table — Elo rating, times judged, share won, and the Power bonus
//! it is worth (on hover) — beside engine's Bradley–Terry fit of every counted vote with bootstrap
//! 95% intervals, ranks shared where intervals overlap, provisional rows greyed, and the ladder
//! drawn as a chart.

mod ladder_chart;

use super::ArenaTabs;
use app::api;
use app::store::use_realm_store;
use engine::wire::Judgement;
use engine::{BtConfig, BtStanding, Realm, SplitMix64, PROVISIONAL_JUDGEMENTS};
use ladder_chart::LadderChart;
use leptos::prelude::*;

/// The bootstrap's seed: fixed, so the same votes give the same intervals on every visit.
const BOOTSTRAP_SEED: u64 = 0x5EED_B7B7;
/// Resamples for the intervals: enough for stable 2.5% / 97.5% ends at a size a phone fits fast.
const RESAMPLES: u32 = 100;

/// One photo's row.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The photo.
    pub photo_id: u64,
    /// Its name.
    pub name: String,
    /// Its faction's name and colour.
    pub faction: (String, String),
    /// Elo rating, times judged, wins.
    pub rating: f64,
    /// Times judged.
    pub judged: u32,
    /// Judgements won.
    pub wins: u32,
    /// The Power multiplier the rating is worth (provisional shrink included).
    pub bonus: f64,
    /// The rating after the provisional shrink, which the bonus is read from.
    pub effective: f64,
    /// The Bradley–Terry standing, once the votes are in.
    pub bt: Option<BtStanding>,
}

impl Row {
    /// Judged fewer than 10 times: the rating still counts only in part.
    pub fn provisional(&self) -> bool {
        self.judged < PROVISIONAL_JUDGEMENTS
    }

    /// The share of judgements won, when judged at all.
    pub fn share(&self) -> Option<f64> {
        (self.judged > 0).then(|| self.wins as f64 / self.judged as f64)
    }
}

/// Every photo the arena judges now, those with counted `votes` fitted (when the votes are known)
/// and listed first by the fit, the others after them by rating.
pub fn rows(realm: &Realm, votes: Option<&[Judgement]>) -> Vec<Row> {
    let pool = engine::arena_pool(realm);
    // Only photos with a counted vote are fitted: a rating without votes behind it (the demo's
    // seeded history) gives the fit nothing to say.
    let voted: std::collections::HashSet<u64> = votes
        .unwrap_or_default()
        .iter()
        .flat_map(|j| [j.chosen, j.other])
        .collect();
    let ids: Vec<u64> = pool
        .iter()
        .map(|r| r.photo_id)
        .filter(|id| voted.contains(id))
        .collect();
    let fitted = votes.map(|v| {
        let games: Vec<(u64, u64)> = v.iter().map(|j| (j.chosen, j.other)).collect();
        let cfg = BtConfig {
            resamples: RESAMPLES,
            ..BtConfig::default()
        };
        engine::bt_ladder(&ids, &games, &cfg, &mut SplitMix64::new(BOOTSTRAP_SEED))
    });
    let mut rows: Vec<Row> = pool
        .iter()
        .map(|g| {
            let photo = realm.photo(g.photo_id);
            let faction = photo
                .and_then(|p| realm.faction(p.faction))
                .map(|f| (f.name.clone(), f.colour.clone()))
                .unwrap_or_default();
            Row {
                photo_id: g.photo_id,
                name: photo.map(|p| p.name.clone()).unwrap_or_default(),
                faction,
                rating: g.rating,
                judged: g.judged,
                wins: g.wins,
                bonus: engine::rating_bonus(g.rating, g.judged),
                effective: engine::effective_rating(g.rating, g.judged),
                bt: fitted
                    .as_ref()
                    .and_then(|f| f.iter().find(|s| s.photo_id == g.photo_id).copied()),
            }
        })
        .collect();
    // Fitted photos first, by the fit; then the rest by rating.
    rows.sort_by(|a, b| {
        let key = |r: &Row| r.bt.map_or(r.rating, |s| s.score);
        b.bt.is_some()
            .cmp(&a.bt.is_some())
            .then(key(b).total_cmp(&key(a)))
            .then(b.rating.total_cmp(&a.rating))
            .then(a.photo_id.cmp(&b.photo_id))
    });
    rows
}

/// The standings page.
#[component]
pub fn StandingsPage() -> impl IntoView {
    let store = use_realm_store();
    // Fetched again whenever the server has answered a vote batch.
    let votes = LocalResource::new(move || {
        store.vote_results.track();
        async move { api::counted_votes().await }
    });
    // The rows and, once the votes are in, how long the fit took (ms).
    let fitted = Memo::new(move |_| {
        let fetched = votes.get();
        let list = fetched
            .as_ref()
            .and_then(|r| r.as_ref().ok())
            .map(|l| l.votes.clone());
        let started = js_sys::Date::now();
        let rows = store
            .realm
            .with(|r| r.as_deref().map(|r| self::rows(r, list.as_deref())))
            .unwrap_or_default();
        let ms = list.is_some().then(|| js_sys::Date::now() - started);
        (rows, ms)
    });
    let table = Signal::derive(move || fitted.with(|f| f.0.clone()));
    // The chart draws the fit when there is one (on its own scale), else the Elo ratings.
    let ladder = Signal::derive(move || {
        let rows = table.get();
        if rows.iter().any(|r| r.bt.is_some()) {
            rows.into_iter().filter(|r| r.bt.is_some()).collect()
        } else {
            rows
        }
    });
    let fit_ms = move || fitted.with(|f| f.1);
    let note = move || {
        match votes.get() {
        None => "Fetching the votes for the Bradley–Terry fit…".to_string(),
        Some(Err(e)) => format!(
            "The Bradley–Terry fit needs the server ({e}); the Elo table is this browser's copy."
        ),
        Some(Ok(l)) => format!(
            "Bradley–Terry fit of {} counted votes, {RESAMPLES} bootstrap resamples{}. Photos without a counted vote follow, by rating.",
            l.votes.len(),
            fit_ms()
                .map(|ms| format!(", computed in {ms:.0} ms"))
                .unwrap_or_default()
        ),
    }
    };
    view! {
        <div class="standings-page">
            <ArenaTabs />
            <h1>"Standings"</h1>
            <p class="lead">
                "The Elo ladder the arena keeps (SPEC §4) and, beside it, a Bradley–Terry fit of every counted vote with 95% intervals. "
                "Photos whose intervals overlap share a rank; rows judged fewer than 10 times are provisional (greyed). Hover a rating for the Power bonus it is worth."
            </p>
            <p class="fit-note">{note}</p>
            <div class="standings-scroll">
                <table class="standings">
                    <thead>
                        <tr>
                            <th scope="col" title="Shared where the 95% intervals overlap">"Rank"</th>
                            <th scope="col">"Photo"</th>
                            <th scope="col" class="num">"Rating"</th>
                            <th scope="col" class="num">"Judged"</th>
                            <th scope="col" class="num">"Won"</th>
                            <th scope="col" class="num" title="The Power multiplier the rating is worth">"Bonus"</th>
                            <th scope="col" class="num">"BT score"</th>
                            <th scope="col" class="num">"95% interval"</th>
                        </tr>
                    </thead>
                    <tbody>
                        <For
                            each=move || table.get()
                            key=|r| format!("{r:?}")
                            children=|r| view! { <StandingRow row=r /> }
                        />
                    </tbody>
                </table>
            </div>
            <h2>"The ladder"</h2>
            <p class="fit-note">"Each fitted photo's Bradley–Terry score (dot) and 95% interval (bar); dashed dots are provisional."</p>
            <LadderChart rows=ladder />
        </div>
    }
}

/// One row of the table.
#[component]
fn StandingRow(row: Row) -> impl IntoView {
    let bonus_title = format!(
        "Worth ×{:.4} Power (rating {:.1}, shrunk to {:.1} while provisional)",
        row.bonus, row.rating, row.effective
    );
    let share = row
        .share()
        .map(|s| format!("{:.0}%", s * 100.0))
        .unwrap_or_else(|| "—".into());
    let (rank, score, interval) = match row.bt {
        Some(s) => (
            s.rank.to_string(),
            format!("{:.0}", s.score),
            format!("{:.0} – {:.0}", s.low, s.high),
        ),
        None => ("—".into(), "—".into(), "—".into()),
    };
    let provisional = row.provisional();
    view! {
        <tr
            class:provisional=provisional
            data-photo=row.photo_id
            data-bonus=format!("{:.6}", row.bonus)
            title=provisional.then_some("Provisional: judged fewer than 10 times")
        >
            <td class="rank">{rank}</td>
            <td class="photo">
                <span class="swatch" style=format!("background: {}", row.faction.1)></span>
                <span class="name">{row.name.clone()}</span>
                <span class="faction">{row.faction.0.clone()}</span>
            </td>
            <td class="num rating" title=bonus_title.clone()>{format!("{:.0}", row.rating)}</td>
            <td class="num judged">{row.judged}</td>
            <td class="num share">{share}</td>
            <td class="num bonus" title=bonus_title>{format!("×{:.3}", row.bonus)}</td>
            <td class="num bt-score">{score}</td>
            <td class="num interval">{interval}</td>
        </tr>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_table_holds_the_arena_and_reads_bonus_and_shares_from_the_engine() {
        let realm = engine::demo_realm();
        let pool = engine::arena_pool(&realm);
        let votes: Vec<Judgement> = pool
            .windows(2)
            .map(|w| Judgement {
                chosen: w[0].photo_id,
                other: w[1].photo_id,
            })
            .collect();
        let table = rows(&realm, Some(&votes));
        assert_eq!(table.len(), pool.len());
        for row in &table {
            let g = realm.rating_of(row.photo_id);
            assert_eq!(row.bonus, engine::rating_bonus(g.rating, g.judged));
            assert_eq!(row.provisional(), g.judged < 10);
            let s = row.bt.expect("every arena photo is fitted");
            assert!(s.low <= s.score && s.score <= s.high);
        }
        for w in table.windows(2) {
            assert!(
                w[0].bt.unwrap().score >= w[1].bt.unwrap().score,
                "best first"
            );
        }
        assert_eq!(
            rows(&realm, Some(&votes)),
            table,
            "a fixed seed, the same table"
        );
    }
}
