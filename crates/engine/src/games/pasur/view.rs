//! Pasur's legality from one seat's view (C-5): see [`crate::table::GameView`].

use super::state::{legal_actions_into, Pasur};
use super::types::{PasurAction, PasurPhase, PasurView};
use crate::table::GameView;

impl GameView for Pasur {
    /// The hand, the table and the settings: [`PasurView::legal_actions`].
    fn legal_from_view(v: &PasurView, out: &mut Vec<PasurAction>) {
        if v.phase == PasurPhase::Playing && v.turn == Some(v.seat) {
            legal_actions_into(v.hand, v.table, &v.settings, out);
        }
    }
}
