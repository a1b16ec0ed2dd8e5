//! The browser app of the card-games site (Yew, built to WebAssembly by Trunk).
//!
//! - [`app`]: the root component, language context and hash router ([`route`]).
//! - [`pages`]: home, Hokm setup and the Hokm table; [`components`]: SVG cards and the
//!   parts of the table.
//! - [`state`]: the table's state transitions (a Yew `Reducible`); [`config`]: a table's
//!   settings and seats, and their form in a link; [`i18n`]: every string, Persian and
//!   English; [`web`]: browser calls (storage, location, clipboard).

mod app;
mod components;
mod config;
mod games;
mod i18n;
mod pages;
mod route;
mod rules;
mod state;
mod web;

fn main() {
    yew::Renderer::<app::App>::new().render();
}
