//! Crazy Eights' belief and sampler, 2 to 8 players (two decks from six).

use super::super::*;
use super::drive;
use engine::games::crazy_eights::{
    CrazyEights, CrazyEightsAction, CrazyEightsSettings, CrazyEightsView,
};
use engine::testkit::InspectHidden;
use engine::{CardBag, GameView};
use engine::{Deal, Setup};

fn setup(m: u64) -> Setup<CrazyEightsSettings> {
    Setup {
        players: 2 + (m % 7) as u8,
        settings: CrazyEightsSettings {
            play_drawn_card: m.is_multiple_of(2),
            ..CrazyEightsSettings::default()
        },
        deal: Deal::seeded(5000 + m),
    }
}

/// CE-4: a card the seat to act drew and may play must fit and be in its hand.
fn contradicts(b: &CrazyEightsBelief, v: &CrazyEightsView, g: &CrazyEights) -> Option<String> {
    let s = b.fitting_draw(v)?;
    let h = g.hidden();
    let Some(d) = h.drawn.filter(|&d| h.hands[s.idx()].contains(d)) else {
        return Some(format!(
            "seat {s} drew a fitting card, but the sample has {:?}",
            h.drawn
        ));
    };
    // It fits: the engine lets the seat play it from a hand of that card alone, with no
    // card drawn.
    let mut probe = g.view(s);
    probe.hand = CardBag::EMPTY;
    probe.hand.insert(d);
    probe.drawn = None;
    let mut legal = Vec::new();
    CrazyEights::legal_from_view(&probe, &mut legal);
    let plays_it = legal
        .iter()
        .any(|a| matches!(a, CrazyEightsAction::Play(p) if p.cards.as_slice() == [d]));
    (!plays_it).then(|| format!("seat {s}'s sampled drawn card {d} does not fit: {legal:?}"))
}

#[test]
fn crazy_eights_samples_match_the_view_and_keep_the_drawn_card_fitting() {
    let t = drive::<CrazyEights, CrazyEightsSampler>(14, 1, 3, setup, contradicts);
    assert!(t.samples > 1500, "{t:?}");
}
