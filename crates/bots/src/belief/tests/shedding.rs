//! The shedding games' belief and sampler, one for both games: Crazy Eights, 2 to 8 players
//! (two decks from six), and Haft Khabis, 2 to 7 players (two decks above five).

use super::super::*;
use super::drive;
use engine::games::crazy_eights::{CrazyEights, CrazyEightsSettings};
use engine::games::haft_khabis::{HaftKhabis, HaftKhabisSettings};
use engine::games::shedding::SheddingGame;
use engine::testkit::InspectHidden;
use engine::{CardBag, Deal, Setup};

/// CE-4 / HX-2: a card the seat to act drew and may play must fit and be in its hand.
fn contradicts<G: SheddingGame + InspectHidden>(
    b: &SheddingBelief,
    v: &G::View,
    g: &G,
) -> Option<String> {
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
    let mut hand = CardBag::EMPTY;
    hand.insert(d);
    let fits = G::fitting(&g.view(s), s, hand);
    (!fits.contains(d)).then(|| format!("seat {s}'s sampled drawn card {d} does not fit: {fits:?}"))
}

#[test]
fn crazy_eights_samples_match_the_view_and_keep_the_drawn_card_fitting() {
    let setup = |m: u64| Setup {
        players: 2 + (m % 7) as u8,
        settings: CrazyEightsSettings {
            play_drawn_card: m.is_multiple_of(2),
            ..CrazyEightsSettings::default()
        },
        deal: Deal::seeded(5000 + m),
    };
    let t = drive::<CrazyEights, CrazyEightsSampler>(14, 1, 3, setup, contradicts);
    assert!(t.samples > 1500, "{t:?}");
}

#[test]
fn haft_khabis_samples_match_the_view_and_keep_the_drawn_card_fitting() {
    let setup = |m: u64| Setup {
        players: 2 + (m % 6) as u8,
        settings: HaftKhabisSettings {
            keep_drawn_card: m.is_multiple_of(2),
            ..HaftKhabisSettings::default()
        },
        deal: Deal::seeded(5000 + m),
    };
    let t = drive::<HaftKhabis, HaftKhabisSampler>(14, 1, 3, setup, contradicts);
    assert!(t.samples > 1500, "{t:?}");
}
