//! Shelem's belief and sampler, with four and two players.

use super::super::*;
use super::drive;
use engine::games::shelem::{Shelem, ShelemSettings, ShelemView};
use engine::testkit::InspectHidden;
use engine::{Deal, Seat, Setup};

fn setup(players: u8) -> impl Fn(u64) -> Setup<ShelemSettings> {
    move |m| Setup {
        players,
        settings: ShelemSettings {
            jokers: m % 2 == 1,
            nars: m.is_multiple_of(3),
            ..ShelemSettings::default()
        },
        deal: Deal::seeded(3000 + m),
    }
}

/// A sampled hand holding a card its seat showed it lacks.
fn contradicts(b: &ShelemBelief, v: &ShelemView, g: &Shelem) -> Option<String> {
    let f = b.facts(v).ok()?;
    let h = g.hidden();
    (0..v.players)
        .filter(|&s| Seat(s) != v.seat)
        .find(|&s| {
            !h.hands[s as usize]
                .and(f.log.excluded[s as usize])
                .is_empty()
        })
        .map(|s| {
            format!(
                "seat {s} holds {:?}, void in {:?}",
                h.hands[s as usize], f.log.excluded[s as usize]
            )
        })
}

#[test]
fn shelem_4_samples_match_the_view_respect_voids_and_are_uniform() {
    let t = drive::<Shelem, ShelemSampler>(10, 2, 3, setup(4), contradicts);
    // The check has teeth: the testkit scrambler, blind to the belief, contradicts it.
    assert!(t.scrambled_contradicting > 0, "{t:?}");
    eprintln!("shelem_4_samples_match_the_view_respect_voids_and_are_uniform: {t:?}");
    assert!(t.samples > 1500 && t.chi_square >= 4, "{t:?}");
}

/// Two players: the cards out of play (SH-10) stay unknown, so no endgame is small enough
/// to enumerate whole: the chi-square tests check the other player's hand against its
/// exact marginal.
#[test]
fn shelem_2_samples_match_the_view_and_respect_voids() {
    let t = drive::<Shelem, ShelemSampler>(10, 2, 3, setup(2), contradicts);
    // The check has teeth: the testkit scrambler, blind to the belief, contradicts it.
    assert!(t.scrambled_contradicting > 0, "{t:?}");
    eprintln!("shelem_2_samples_match_the_view_and_respect_voids: {t:?}");
    assert!(t.samples > 500 && t.marginal >= 2, "{t:?}");
}
