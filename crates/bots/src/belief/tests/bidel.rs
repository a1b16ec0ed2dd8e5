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

/// `for_seat` carries no private fact (BD-2: only the passer and the receiver know the
/// passed cards): seat 0's belief moved to a third seat (neither seat 0 nor the seat it
/// passed to) is that seat's own belief, and the third seat's sampler from it does not
/// always put the cards seat 0 passed in the receiver's hand.
#[test]
fn rule_bd_2_a_belief_for_another_seat_carries_no_passed_card() {
    use engine::games::bidel::BidelAction;
    use engine::{Game, Status};
    let mut g = Bidel::new(&Setup {
        players: 4,
        settings: BidelSettings::default(),
        deal: Deal::seeded(11),
    })
    .unwrap();
    let mut bots: Vec<crate::BidelBot> = (0..4).map(crate::BidelBot::new).collect();
    let mut beliefs: Vec<BidelBelief> =
        (0..4).map(|s| BidelBelief::new(&g.view(Seat(s)))).collect();
    let mut legal = Vec::new();
    let mut checked = 0;
    let mut rng = Rng::new(5);
    while let Status::Acting(acting) = g.status() {
        let seat = acting.first().unwrap();
        let v0 = g.view(Seat(0));
        assert_ne!(
            v0.pass_direction,
            PassDirection::None,
            "the first hand passes"
        );
        let to = Seat(0).after(v0.pass_direction.offset(4), 4);
        let third = (1..4).map(Seat).find(|&s| s != to).unwrap();
        if !v0.passed.is_empty() {
            let v3 = g.view(third);
            let moved = beliefs[0].for_seat(third);
            assert_eq!(
                moved,
                beliefs[third.idx()],
                "seat 0's belief for {third} is its own"
            );
            // Seat 0's passed cards that the receiver still holds: the third seat does not
            // know where they are, so its samples put them elsewhere too.
            let secret = v0.passed.and(g.hidden().hands[to.idx()]);
            if !secret.is_empty() {
                let sampler = BidelSampler::new(&v3, &moved).unwrap();
                let mut h = engine::games::bidel::BidelHidden::default();
                let elsewhere = (0..50).any(|_| {
                    sampler.sample_hidden(&mut rng, &mut h);
                    !h.hands[to.idx()].and(secret).eq(&secret)
                });
                assert!(elsewhere, "{third}'s samples always give {to} {secret:?}");
                checked += 1;
            }
        }
        legal.clear();
        g.legal_actions(seat, &mut legal);
        let a: BidelAction = crate::Bot::choose(&mut bots[seat.idx()], &g.view(seat), &legal);
        let e = g.apply(seat, &a).unwrap();
        for b in bots.iter_mut() {
            crate::Bot::observe(b, &e);
        }
        for b in beliefs.iter_mut() {
            b.observe(&e);
        }
    }
    assert!(checked > 5, "{checked}");
}
