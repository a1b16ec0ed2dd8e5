//! Bidel's legality from one seat's view (C-5): see [`crate::table::GameView`].

use super::state::{playable, point_cards, Bidel};
use super::types::{BidelAction, BidelPhase, BidelTrump, BidelView};
use crate::table::GameView;

impl GameView for Bidel {
    /// The hand (without the cards picked to pass), the trick's lead, whether a trick has
    /// been taken this hand (BD-3, BD-4) and whether hearts are broken (BD-5).
    fn legal_from_view(v: &BidelView, out: &mut Vec<BidelAction>) {
        if !v.to_act.contains(v.seat) {
            return;
        }
        match v.phase {
            BidelPhase::Playing => {
                let first = v.tricks.iter().all(|&t| t == 0);
                let lead = v.trick.first().map(|&(_, c)| c);
                let cards = playable(
                    v.hand,
                    first,
                    lead,
                    v.hearts_broken,
                    point_cards(&v.settings),
                );
                for c in cards {
                    out.push(BidelAction::Play(c));
                }
            }
            BidelPhase::Passing => {
                for c in v.hand {
                    out.push(BidelAction::Pass(c));
                }
            }
            BidelPhase::ChoosingTrump => out.extend(BidelTrump::ALL.map(BidelAction::Trump)),
            BidelPhase::HandOver | BidelPhase::MatchOver => {}
        }
    }
}
