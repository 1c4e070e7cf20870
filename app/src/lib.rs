//! Brickrealm's browser app as a library: every page, component and the store. The app ships as
//! several wasm bundles (see `bundles.json` and [`bundle`]); each bundle's binary mounts a shell
//! from [`app`] that routes only its own pages, so the linker leaves every other page — and the
//! engine code only they reach — out of that bundle.

mod api;
pub mod app;
pub mod bundle;
mod components;
mod fighting;
mod markup;
mod markup_table;
mod pages;
mod store;
