//! The browser tests' tables, played through the reducer as those tests play them: the
//! seeds still deal the situations the tests count on (a choice of sets, a contested
//! auction, a short match), so a change of the engine or the bots that moves them fails
//! here, by name, rather than as a timeout in a browser.

mod pasur;
mod shelem;
