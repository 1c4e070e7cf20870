//! The territory layer: every claimed cell tinted in its holder's colour, with a firm line where
//! one holder's land meets another's or open ground. Drawn at four pixels per cell so borders
//! are sharp lines rather than whole cells.

use engine::{OwnerGrid, Realm};
use leptos::html;
use leptos::prelude::*;
use std::sync::Arc;
use wasm_bindgen::{Clamped, JsCast};

/// Pixels per cell side on the layer's canvas.
const SCALE: u32 = 4;

/// How wide a holder's outline is, in canvas pixels: half a cell, so the line stays visible at
/// the map's scale on a phone (a land of ~80 squares is mostly under its marker otherwise).
const EDGE: u32 = 2;

/// Opacity of the outline: solid.
const OUTLINE_ALPHA: u8 = 255;

/// Opacity of the fill: a tint the ground shows through.
const FILL_ALPHA: u8 = 96;

/// A canvas showing who holds each square.
#[component]
pub fn TerritoryLayer(
    realm: Signal<Option<Arc<Realm>>>,
    owners: Signal<Option<Arc<OwnerGrid>>>,
) -> impl IntoView {
    let canvas = NodeRef::<html::Canvas>::new();
    Effect::new(move |_| {
        let (Some(el), Some(realm), Some(owners)) = (canvas.get(), realm.get(), owners.get())
        else {
            return;
        };
        if let Err(e) = draw(&el, &realm, &owners) {
            leptos::logging::error!("drawing the territory failed: {e:?}");
        }
    });
    view! { <canvas class="territory" node_ref=canvas aria-label="Who holds each square" role="img"></canvas> }
}

/// `#rrggbb` to RGB; anything else is grey.
pub fn parse_hex(hex: &str) -> [u8; 3] {
    let h = hex.trim_start_matches('#');
    let byte = |i: usize| h.get(i..i + 2).and_then(|s| u8::from_str_radix(s, 16).ok());
    match (h.len(), byte(0), byte(2), byte(4)) {
        (6, Some(r), Some(g), Some(b)) => [r, g, b],
        _ => [128, 128, 128],
    }
}

fn draw(
    el: &web_sys::HtmlCanvasElement,
    realm: &Realm,
    owners: &OwnerGrid,
) -> Result<(), wasm_bindgen::JsValue> {
    let (w, h) = (owners.width(), owners.height());
    let (pw, ph) = (w * SCALE, h * SCALE);
    el.set_width(pw);
    el.set_height(ph);
    let colours: Vec<[u8; 3]> = owners
        .holders()
        .iter()
        .map(|holder| {
            realm
                .faction(holder.id)
                .map_or([128, 128, 128], |f| parse_hex(&f.colour))
        })
        .collect();
    let slot = |x: i64, y: i64| -> Option<usize> {
        if x < 0 || y < 0 || x >= w as i64 || y >= h as i64 {
            return None;
        }
        owners.slot((y as u32 * w + x as u32) as usize)
    };
    let mut rgba = vec![0u8; (pw * ph * 4) as usize];
    for y in 0..h as i64 {
        for x in 0..w as i64 {
            let Some(s) = slot(x, y) else { continue };
            let [r, g, b] = colours[s];
            let (edge_w, edge_e) = (slot(x - 1, y) != Some(s), slot(x + 1, y) != Some(s));
            let (edge_n, edge_s) = (slot(x, y - 1) != Some(s), slot(x, y + 1) != Some(s));
            for dy in 0..SCALE {
                for dx in 0..SCALE {
                    let border = (edge_w && dx < EDGE)
                        || (edge_e && dx >= SCALE - EDGE)
                        || (edge_n && dy < EDGE)
                        || (edge_s && dy >= SCALE - EDGE);
                    let px = ((y as u32 * SCALE + dy) * pw + x as u32 * SCALE + dx) as usize * 4;
                    rgba[px..px + 4].copy_from_slice(&[
                        r,
                        g,
                        b,
                        if border { OUTLINE_ALPHA } else { FILL_ALPHA },
                    ]);
                }
            }
        }
    }
    let ctx = el
        .get_context("2d")?
        .ok_or("no 2d context")?
        .dyn_into::<web_sys::CanvasRenderingContext2d>()?;
    let image = web_sys::ImageData::new_with_u8_clamped_array_and_sh(Clamped(&rgba), pw, ph)?;
    ctx.put_image_data(&image, 0.0, 0.0)
}

#[cfg(test)]
mod tests {
    use super::parse_hex;

    #[test]
    fn hex_colours_parse_and_bad_ones_are_grey() {
        assert_eq!(parse_hex("#1e5aa8"), [0x1e, 0x5a, 0xa8]);
        assert_eq!(parse_hex("#12"), [128, 128, 128]);
        assert_eq!(parse_hex("#zzzzzz"), [128, 128, 128]);
    }
}
