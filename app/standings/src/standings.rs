//! `/arena/standings`: the rating table — Elo rating, times judged, share won, and the Power bonus
//! it is worth (on hover) — beside engine's Bradley–Terry fit of every counted vote with bootstrap
//! 95% intervals, ranks shared where intervals overlap, provisional rows greyed, and the ladder
//! drawn as a chart.
//!
//! The fit comes from the server in one request (`GET /api/standings`): it fits the per-pair
//! counts it keeps with `engine::standings_ladder`, off the request path, so the page costs the
//! same at a thousand votes or a million. While the server says a newer fit is on its way, the
//! page asks again every [`REFIT_POLL_MS`]. The fit carries the table's first rows as the
//! server's realm has them, so a first visit draws the top of the table before the whole
//! collection has been read.

mod ladder_chart;

use app::api;
use app::components::arena_tabs::ArenaTabs;
use app::markup::{class, Markup};
use app::paint::after_paint;
use app::store::use_realm_store;
use engine::wire::PairCard;
use engine::{BtStanding, Realm, PROVISIONAL_JUDGEMENTS};
use ladder_chart::LadderChart;
use leptos::prelude::*;

/// How often to ask again while the server fits newer votes.
const REFIT_POLL_MS: u64 = 800;

/// How many rows the first drawing of the table holds: more than any screen shows above the
/// fold, and as many as the server sends with its fit. The rest of the table and the ladder
/// chart are drawn after that frame has painted, so a first visit sees the top of the ladder
/// without waiting for the layout of a few hundred rows (about a quarter of a second on the
/// phone profile).
const FIRST_ROWS: usize = engine::STANDINGS_FIRST_ROWS;

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

/// Every photo the arena judges now, those in the server's `fit` (photos with a counted vote)
/// listed first by the fit, the others after them by rating (`engine::standings_order`).
pub fn rows(realm: &Realm, fit: Option<&[BtStanding]>) -> Vec<Row> {
    rows_of(engine::pool_cards(realm), fit)
}

/// The table's rows of these photos' cards, in the table's order: the realm's (see [`rows`]), or
/// before it is in, the first of them as the server sent them with its fit.
fn rows_of(cards: Vec<PairCard>, fit: Option<&[BtStanding]>) -> Vec<Row> {
    engine::standings_order(cards, fit.unwrap_or_default())
        .into_iter()
        .map(|(c, bt)| {
            let g = c.rating;
            Row {
                photo_id: c.photo,
                name: c.name,
                faction: (c.faction, c.colour),
                rating: g.rating,
                judged: g.judged,
                wins: g.wins,
                bonus: engine::rating_bonus(g.rating, g.judged),
                effective: engine::effective_rating(g.rating, g.judged),
                bt,
            }
        })
        .collect()
}

/// The rows the page has to draw, and whether they are the whole table (read from the realm) or
/// only its top (the server's, while the realm is being read).
#[derive(Clone, Debug, PartialEq)]
struct Table {
    rows: Vec<Row>,
    whole: bool,
}

/// The standings page.
#[component]
pub fn StandingsPage() -> impl IntoView {
    let store = use_realm_store();
    // Asked again whenever the server has answered a vote batch, and while it fits newer votes.
    let again = RwSignal::new(0u32);
    let standings = LocalResource::new(move || {
        store.vote_results.track();
        again.track();
        async move { api::standings().await }
    });
    Effect::new(move |_| {
        if standings.with(|s| matches!(s, Some(Ok(r)) if r.fitting)) {
            set_timeout(
                move || again.update(|n| *n += 1),
                std::time::Duration::from_millis(REFIT_POLL_MS),
            );
        }
    });
    // Drawn once the server has answered (with a fit or not): drawing the Elo table first and
    // again a moment later with the fit would lay the table out twice. From the realm once it is
    // in; before, on a first visit, from the top rows the server sent with its fit.
    let table = Memo::new(move |_| {
        standings.with(|s| {
            let fit = match s.as_ref()? {
                Ok(r) => r.fit.as_ref(),
                Err(_) => None,
            };
            let ladder = fit.map(|f| f.ladder.as_slice());
            store.realm.with(|r| match r.as_deref() {
                Some(r) => Some(Table {
                    rows: self::rows(r, ladder),
                    whole: true,
                }),
                None => fit.filter(|f| !f.top.is_empty()).map(|f| Table {
                    rows: rows_of(f.top.clone(), ladder),
                    whole: false,
                }),
            })
        })
    });
    // Whether the whole table is drawn: set once, the frame after the realm's first rows
    // painted. Until then the table is `aria-busy` (what the browser tests wait on before
    // reading every row).
    let complete = after_paint(move || table.with(|t| t.as_ref().is_some_and(|t| t.whole)));
    let body = move || {
        let whole = complete.get();
        table.with(|t| {
            let rows = &t.as_ref()?.rows;
            Some(rows_markup(if whole {
                rows
            } else {
                &rows[..rows.len().min(FIRST_ROWS)]
            }))
        })
    };
    // The chart draws the fit when there is one (on its own scale), else the Elo ratings; it is
    // below the table, so it waits for the whole table.
    let ladder = Signal::derive(move || {
        if !complete.get() {
            return None;
        }
        let rows = table.get()?.rows;
        Some(if rows.iter().any(|r| r.bt.is_some()) {
            rows.into_iter().filter(|r| r.bt.is_some()).collect()
        } else {
            rows
        })
    });
    // Whether a newer fit is still to come (for the browser tests to wait on).
    let fitting = move || {
        standings
            .with(|s| !matches!(s, Some(Ok(r)) if !r.fitting))
            .to_string()
    };
    let note = move || {
        match standings.get() {
        None => "Fetching the Bradley–Terry fit…".to_string(),
        Some(Err(e)) => format!(
            "The Bradley–Terry fit needs the server ({e}); the Elo table is this browser's copy."
        ),
        Some(Ok(r)) => match r.fit {
            None => "The server is fitting the votes…".to_string(),
            Some(f) => format!(
                "Bradley–Terry fit of {} counted votes over {} pairs, {} bootstrap resamples (fitted on the server in {} ms){}. Photos without a counted vote follow, by rating.",
                f.votes,
                f.pairs,
                f.resamples,
                f.fit_ms,
                if r.fitting { "; newer votes are being fitted" } else { "" }
            ),
        },
    }
    };
    view! {
        <div class="standings-page">
            <ArenaTabs />
            <h1>"Standings"</h1>
            <p class="lead">
                "The Elo ladder the arena keeps and, beside it, a Bradley–Terry fit of every counted vote with 95% intervals. "
                "Photos whose intervals overlap share a rank; rows judged fewer than 10 times are provisional (greyed). Hover a rating for the Power bonus it is worth."
            </p>
            <p class="fit-note" data-fitting=fitting>{note}</p>
            <div class="standings-scroll">
                <table class="standings" aria-busy=move || (!complete.get()).then_some("true")>
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
                    <tbody inner_html=move || body().unwrap_or_default()></tbody>
                </table>
            </div>
            <h2>"The ladder"</h2>
            <p class="fit-note">"Each fitted photo's Bradley–Terry score (dot) and 95% interval (bar); dashed dots are provisional."</p>
            <LadderChart rows=ladder />
        </div>
    }
}

/// The table's rows as markup. The page only shows them, and the whole table is written again
/// whenever a fit or a rating moves: as elements built one by one, a few hundred rows took the
/// phone profile nearly half a second.
fn rows_markup(rows: &[Row]) -> String {
    let mut m = Markup::new();
    for row in rows {
        row_markup(&mut m, row);
    }
    m.finish()
}

/// One row of the table.
fn row_markup(m: &mut Markup, row: &Row) {
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
    let (id, bonus) = (row.photo_id.to_string(), format!("{:.6}", row.bonus));
    let tr = [
        ("class", provisional.then_some("provisional")),
        ("data-photo", Some(id.as_str())),
        ("data-bonus", Some(bonus.as_str())),
        (
            "title",
            provisional.then_some("Provisional: judged fewer than 10 times"),
        ),
    ];
    m.el("tr", &tr, |m| {
        m.element("td", &[class("rank")], &rank);
        m.el("td", &[class("photo")], |m| {
            let swatch = format!("background: {}", row.faction.1);
            m.element(
                "span",
                &[class("swatch"), ("style", Some(swatch.as_str()))],
                "",
            );
            m.element("span", &[class("name")], &row.name);
            m.element("span", &[class("faction")], &row.faction.0);
        });
        let titled = [class("num rating"), ("title", Some(bonus_title.as_str()))];
        m.element("td", &titled, &format!("{:.0}", row.rating));
        m.element("td", &[class("num judged")], &row.judged.to_string());
        m.element("td", &[class("num share")], &share);
        let titled = [class("num bonus"), ("title", Some(bonus_title.as_str()))];
        m.element("td", &titled, &format!("×{:.3}", row.bonus));
        m.element("td", &[class("num bt-score")], &score);
        m.element("td", &[class("num interval")], &interval);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_table_holds_the_arena_and_reads_bonus_and_shares_from_the_engine() {
        let realm = engine::demo_realm();
        let pool = engine::arena_pool(&realm);
        let votes: Vec<(u64, u64)> = pool
            .windows(2)
            .map(|w| (w[0].photo_id, w[1].photo_id))
            .collect();
        let ids: Vec<u64> = pool.iter().map(|r| r.photo_id).collect();
        let fit = engine::standings_ladder(&ids, &engine::PairCount::tally(&votes));
        let table = rows(&realm, Some(&fit));
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
            rows(&realm, Some(&fit)),
            table,
            "the same fit, the same table"
        );
    }

    /// Before the realm is in, the page draws the top rows the server sent with its fit: they
    /// are the first rows of the table the realm gives, with the same fit.
    #[test]
    fn the_servers_top_rows_draw_as_the_tables_first_rows() {
        let realm = engine::demo_realm();
        let pool = engine::arena_pool(&realm);
        let votes: Vec<(u64, u64)> = pool
            .windows(2)
            .step_by(3)
            .map(|w| (w[1].photo_id, w[0].photo_id))
            .collect();
        let ids: Vec<u64> = pool.iter().map(|r| r.photo_id).collect();
        let fit = engine::standings_ladder(&ids, &engine::PairCount::tally(&votes));
        let top: Vec<PairCard> = engine::standings_order(engine::pool_cards(&realm), &fit)
            .into_iter()
            .take(FIRST_ROWS)
            .map(|(c, _)| c)
            .collect();
        let table = rows(&realm, Some(&fit));
        assert!(table.len() > FIRST_ROWS && fit.len() < table.len());
        assert_eq!(rows_of(top, Some(&fit)), table[..FIRST_ROWS]);
    }
}
