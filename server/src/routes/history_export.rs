//! `GET /api/history/export`: every matching battle as CSV or JSON, streamed. A producer task
//! reads the listing a page at a time (keyset, so each page is a short call on the connection and
//! other requests go between them) and hands each page's text to the response body through a
//! small channel, so an export of 100,000 battles never sits whole in memory and a slow reader
//! holds nothing but its channel's few pages.

use crate::db::history::Filter;
use crate::db::Db;
use crate::error::ApiError;
use actix_web::web::Bytes;
use actix_web::HttpResponse;
use engine::wire::{utc, HistoryEntry};
use std::collections::HashMap;
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::sync::mpsc;

/// Records read per page of the export.
const PAGE: u32 = 1000;

/// What the export is written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `id,fought_at_utc,system,attacker_id,attacker,defender_id,defender,winner`, names and all.
    Csv,
    /// An array of listing rows.
    Json,
}

/// The header of the CSV export.
pub const CSV_HEADER: &str =
    "id,fought_at_utc,system,attacker_id,attacker,defender_id,defender,winner\r\n";

/// One CSV field: quoted when it must be, and a leading `= + - @` defused so a spreadsheet never
/// runs a faction's name as a formula.
fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@']) {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// One battle as a CSV line, names looked up in `names`.
pub fn csv_row(e: &HistoryEntry, names: &HashMap<u64, String>) -> String {
    let name = |id: u64| {
        names
            .get(&id)
            .cloned()
            .unwrap_or_else(|| format!("faction {id}"))
    };
    let fields = [
        e.id.to_string(),
        utc(e.timestamp),
        e.system.clone(),
        e.attacker.to_string(),
        name(e.attacker),
        e.defender.to_string(),
        name(e.defender),
        e.winner.clone(),
    ];
    let row: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
    row.join(",") + "\r\n"
}

/// The response body: the pages the producer sends, in order.
struct Pages(mpsc::Receiver<Result<Bytes, actix_web::Error>>);

impl futures_core::Stream for Pages {
    type Item = Result<Bytes, actix_web::Error>;
    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.0.poll_recv(cx)
    }
}

/// The streamed export of every record matching `filter`.
pub async fn stream(db: Db, filter: Filter, format: Format) -> Result<HttpResponse, ApiError> {
    let names: HashMap<u64, String> = db
        .call_cached(|_, m| {
            Ok(m.realm
                .factions
                .iter()
                .map(|f| (f.id, f.name.clone()))
                .collect())
        })
        .await?;
    // The first page is read before answering, so a failure is an error status, not a cut body.
    let mut page = Filter {
        limit: PAGE,
        before: None,
        ..filter
    };
    let first = db.history(page.clone()).await?;
    let (tx, rx) = mpsc::channel(4);
    actix_web::rt::spawn(async move {
        let mut listing = first;
        let mut written = 0u64;
        let open = match format {
            Format::Csv => CSV_HEADER.to_string(),
            Format::Json => "[".to_string(),
        };
        if tx.send(Ok(Bytes::from(open))).await.is_err() {
            return;
        }
        loop {
            let mut text = String::new();
            for e in &listing.entries {
                match format {
                    Format::Csv => text.push_str(&csv_row(e, &names)),
                    Format::Json => {
                        if written > 0 {
                            text.push(',');
                        }
                        text.push('\n');
                        text.push_str(&serde_json::to_string(e).unwrap_or_default());
                    }
                }
                written += 1;
            }
            if tx.send(Ok(Bytes::from(text))).await.is_err() {
                return; // the reader went away
            }
            let Some(cursor) = listing.next.take() else {
                break;
            };
            page.before = cursor
                .split_once('.')
                .and_then(|(at, id)| Some((at.parse().ok()?, id.parse().ok()?)));
            match db.history(page.clone()).await {
                Ok(l) => listing = l,
                Err(e) => {
                    let _ = tx.send(Err(e.into())).await;
                    return;
                }
            }
        }
        if format == Format::Json {
            let _ = tx.send(Ok(Bytes::from("\n]\n"))).await;
        }
    });
    let (mime, file) = match format {
        Format::Csv => ("text/csv; charset=utf-8", "realm-history.csv"),
        Format::Json => ("application/json", "realm-history.json"),
    };
    Ok(HttpResponse::Ok()
        .content_type(mime)
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"{file}\""),
        ))
        .streaming(Pages(rx)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_and_defuses_names() {
        let e = HistoryEntry {
            id: 7,
            timestamp: 0,
            system: "v2".into(),
            attacker: 1,
            defender: 2,
            winner: "defender".into(),
        };
        let names = HashMap::from([
            (1, "Iron, \"the\" Wolves".to_string()),
            (2, "=cmd()".to_string()),
        ]);
        assert_eq!(
            csv_row(&e, &names),
            "7,1970-01-01 00:00,v2,1,\"Iron, \"\"the\"\" Wolves\",2,'=cmd(),defender\r\n"
        );
    }
}
