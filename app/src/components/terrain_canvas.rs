//! The terrain map drawn one pixel per cell onto a canvas that CSS scales up with
//! `image-rendering: pixelated`, so it stays crisp at any window size without redrawing.

use engine::{Terrain, TerrainMap};
use leptos::html;
use leptos::prelude::*;
use std::sync::Arc;
use wasm_bindgen::{Clamped, JsCast};

/// The display colour of a terrain (RGB).
pub fn terrain_rgb(t: Terrain) -> [u8; 3] {
    match t {
        Terrain::Road => [0xc9, 0xa8, 0x6a],
        Terrain::Plains => [0xa7, 0xc9, 0x6b],
        Terrain::Forest => [0x3f, 0x7a, 0x3a],
        Terrain::Marsh => [0x6f, 0x8a, 0x6a],
        Terrain::Water => [0x3b, 0x79, 0xb8],
        Terrain::Mountain => [0x8d, 0x83, 0x7a],
    }
}

/// A canvas showing `map`.
#[component]
pub fn TerrainCanvas(map: Signal<Option<Arc<TerrainMap>>>) -> impl IntoView {
    let canvas = NodeRef::<html::Canvas>::new();
    Effect::new(move |_| {
        let (Some(el), Some(map)) = (canvas.get(), map.get()) else {
            return;
        };
        if let Err(e) = draw(&el, &map) {
            leptos::logging::error!("drawing the terrain failed: {e:?}");
        }
    });
    view! { <canvas class="terrain" node_ref=canvas aria-label="Terrain map" role="img"></canvas> }
}

fn draw(el: &web_sys::HtmlCanvasElement, map: &TerrainMap) -> Result<(), wasm_bindgen::JsValue> {
    el.set_width(map.width);
    el.set_height(map.height);
    let ctx = el
        .get_context("2d")?
        .ok_or("no 2d context")?
        .dyn_into::<web_sys::CanvasRenderingContext2d>()?;
    let mut rgba = Vec::with_capacity(map.cells.len() * 4);
    for &t in &map.cells {
        rgba.extend_from_slice(&terrain_rgb(t));
        rgba.push(255);
    }
    let image = web_sys::ImageData::new_with_u8_clamped_array_and_sh(
        Clamped(&rgba),
        map.width,
        map.height,
    )?;
    ctx.put_image_data(&image, 0.0, 0.0)
}
