//! The games. Each has its state, actions, view and scoring in its own module.

pub mod bidel;
pub mod hokm;
pub mod pasur;
pub mod shelem;
