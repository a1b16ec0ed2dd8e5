//! Bidel's belief and sampler, with three and four players.

use super::super::*;
use super::drive;
use engine::games::bidel::{Bidel, BidelSettings, BidelView, PassDirection};
use engine::testkit::InspectHidden;
use engine::{Deal, Seat, Setup};

fn setup(players: u8) -> impl Fn(u64) -> Setup<BidelSettings> {
    move |m| Setup {
        players,
        settings: BidelSettings {
            forty_point_mode: m % 2 == 1,
            trump_mode: m % 3 == 2,
            ..BidelSettings::default()
        },
        deal: Deal::seeded(2000 + m),
    }
}

/// A sampled hand holding a card its seat cannot hold (a void, a lead rule), or a card the
/// viewer passed that is neither with its receiver nor played.
fn contradicts(b: &BidelBelief, v: &BidelView, g: &Bidel) -> Option<String> {
    let f = b.facts(v).ok()?;
    let h = g.hidden();
    for s in (0..v.players).filter(|&s| Seat(s) != v.seat) {
        let bad = h.hands[s as usize].and(f.log.excluded[s as usize]);
        if !bad.is_empty() {
            return Some(format!("seat {s} holds {bad:?}, which it cannot"));
        }
    }
    if v.pass_direction != PassDirection::None && !v.passed.is_empty() {
        let to = v.seat.after(v.pass_direction.offset(v.players), v.players);
        let missing = v.passed.minus(f.log.played).minus(h.hands[to.idx()]);
        if !missing.is_empty() {
            return Some(format!("passed {missing:?} not with seat {to}"));
        }
    }
    None
}

#[test]
fn bidel_4_samples_match_the_view_respect_voids_and_passes_and_are_uniform() {
    let t = drive::<Bidel, BidelSampler>(10, 3, 3, setup(4), contradicts);
    // The check has teeth: the testkit scrambler, blind to the belief, contradicts it.
    assert!(t.scrambled_contradicting > 0, "{t:?}");
    eprintln!("bidel_4_samples_match_the_view_respect_voids_and_passes_and_are_uniform: {t:?}");
    assert!(t.samples > 1500 && t.chi_square >= 4, "{t:?}");
}

#[test]
fn bidel_3_samples_match_the_view_respect_voids_and_passes_and_are_uniform() {
    let t = drive::<Bidel, BidelSampler>(10, 3, 3, setup(3), contradicts);
    // The check has teeth: the testkit scrambler, blind to the belief, contradicts it.
    assert!(t.scrambled_contradicting > 0, "{t:?}");
    eprintln!("bidel_3_samples_match_the_view_respect_voids_and_passes_and_are_uniform: {t:?}");
    assert!(t.samples > 1500 && t.chi_square >= 4, "{t:?}");
}
