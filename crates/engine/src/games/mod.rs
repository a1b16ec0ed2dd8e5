//! The games. Each has its state, actions, view and scoring in its own module.

pub mod bidel;
pub mod crazy_eights;
pub mod haft_khabis;
pub mod hokm;
pub mod pasur;
pub mod shedding;
pub mod shelem;
pub mod trick;
