//! One module per route.

pub mod archive_page;
pub mod arena_page;
pub mod editor_page;
pub mod history_page;
pub mod lab_page;
pub mod map_page;
pub mod not_found_page;
pub mod replay_page;
