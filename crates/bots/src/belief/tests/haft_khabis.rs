//! Haft Khabis' belief and sampler, 2 to 7 players (two decks above five).

use super::super::*;
use super::drive;
use engine::games::haft_khabis::{
    HaftKhabis, HaftKhabisAction, HaftKhabisSettings, HaftKhabisView,
};
use engine::testkit::InspectHidden;
use engine::{CardBag, GameView};
use engine::{Deal, Setup};

fn setup(m: u64) -> Setup<HaftKhabisSettings> {
    Setup {
        players: 2 + (m % 6) as u8,
        settings: HaftKhabisSettings {
            keep_drawn_card: m.is_multiple_of(2),
            ..HaftKhabisSettings::default()
        },
        deal: Deal::seeded(5000 + m),
    }
}

/// HX-2: a card the seat to act drew and may play must fit and be in its hand.
fn contradicts(b: &HaftKhabisBelief, v: &HaftKhabisView, g: &HaftKhabis) -> Option<String> {
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
    probe.mode = engine::games::haft_khabis::TurnMode::Normal;
    let mut legal = Vec::new();
    HaftKhabis::legal_from_view(&probe, &mut legal);
    let plays_it = legal
        .iter()
        .any(|a| matches!(a, HaftKhabisAction::Play(p) if p.card == d));
    (!plays_it).then(|| format!("seat {s}'s sampled drawn card {d} does not fit: {legal:?}"))
}

#[test]
fn haft_khabis_samples_match_the_view_and_keep_the_drawn_card_fitting() {
    let t = drive::<HaftKhabis, HaftKhabisSampler>(14, 1, 3, setup, contradicts);
    assert!(t.samples > 1500, "{t:?}");
}
