//! Pieces shared by more than one page, in any bundle.

pub mod arena_tabs;
pub mod battle_labels;
pub mod battle_report;
pub mod image_viewer;
pub mod nav_bar;
pub mod not_found_page;
pub mod page_intro;
pub mod photo_picture;
pub mod portrait;
pub mod route_map;
pub mod routed;
pub mod sync_badge;
pub mod terrain_canvas;
pub mod territory_layer;
