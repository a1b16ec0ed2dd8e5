//! Pasur's belief and sampler, with two and four players.

use super::super::*;
use super::drive;
use engine::games::pasur::{Pasur, PasurSettings, PasurView};
use engine::{Deal, Setup};

fn setup(players: u8) -> impl Fn(u64) -> Setup<PasurSettings> {
    move |m| Setup {
        players,
        settings: PasurSettings {
            classic_deal: m.is_multiple_of(2),
            ..PasurSettings::default()
        },
        deal: Deal::seeded(4000 + m),
    }
}

/// Pasur has no void; a sample contradicts the belief only if it moves a captured card,
/// which [`Sampler::admits`] (checked on every sample) already refuses.
fn contradicts(_: &PasurBelief, _: &PasurView, _: &Pasur) -> Option<String> {
    None
}

#[test]
fn pasur_2_samples_match_the_view_and_are_uniform() {
    let t = drive::<Pasur, PasurSampler>(10, 2, 3, setup(2), contradicts);
    assert!(t.samples > 500 && t.chi_square >= 4, "{t:?}");
}

#[test]
fn pasur_4_samples_match_the_view_and_are_uniform() {
    let t = drive::<Pasur, PasurSampler>(10, 2, 3, setup(4), contradicts);
    assert!(t.samples > 500 && t.chi_square >= 4, "{t:?}");
}
