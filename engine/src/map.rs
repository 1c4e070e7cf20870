//! The terrain map and everything that walks it: the grid, territory and its claim, the march's
//! costs, the price of each step, the cheapest route (and its heap), and the campaign read that
//! turns a realm into the numbers these take.

pub mod campaign;
pub mod grid;
pub mod march;
pub mod pricing;
pub mod route;
pub mod terrain;
pub mod territory;
