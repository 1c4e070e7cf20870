//! Brickrealm's browser app, the core every bundle shares: the realm store and its sync, the API
//! client, the shared components and markup, and what starts a bundle. The pages are not here:
//! each bundle is a crate of its own (`app/map`, `app/arena`, `app/history`, `app/replay`,
//! `app/archive`, `app/editor`, `app/lab`; see `bundles.json` and [`bundle`]) that depends on
//! this one and mounts a shell routing only its own pages, so the compiler keeps one bundle's
//! pages — and the engine code only they reach — out of another's wasm.

pub mod api;
pub mod bundle;
pub mod components;
pub mod fighting;
pub mod markup;
pub mod paint;
pub mod shell;
pub mod store;
