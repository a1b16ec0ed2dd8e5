//! The screens: the home page, the Hokm setup form and the Hokm table.

pub mod home;
pub mod rules;
pub mod setup;
pub mod table;
