//! The screens: the home page, each game's setup form, rule page and table.

pub mod home;
pub mod room;
pub mod rules;
pub mod setup;
pub mod table;
