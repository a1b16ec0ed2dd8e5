//! Hokm's belief and sampler, with four and two players.

use super::super::*;
use super::drive;
use engine::games::hokm::{Hokm, HokmSettings, HokmView};
use engine::testkit::InspectHidden;
use engine::{Deal, Seat, Setup};

fn setup(players: u8) -> impl Fn(u64) -> Setup<HokmSettings> {
    move |m| Setup {
        players,
        settings: HokmSettings {
            sars: m.is_multiple_of(3),
            nars: m.is_multiple_of(2),
            ..HokmSettings::default()
        },
        deal: Deal::seeded(1000 + m),
    }
}

/// A sampled hand holding a card of a suit its seat showed it lacks.
fn contradicts(b: &HokmBelief, v: &HokmView, g: &Hokm) -> Option<String> {
    let f = b.facts(v).ok()?;
    let h = g.hidden();
    (0..4u8)
        .filter(|&s| Seat(s) != v.seat)
        .find(|&s| !h.hands[s as usize].and(f.voids(Seat(s))).is_empty())
        .map(|s| {
            format!(
                "seat {s} holds {:?}, void in {:?}",
                h.hands[s as usize],
                f.voids(Seat(s))
            )
        })
}

#[test]
fn hokm_4_samples_match_the_view_respect_voids_and_are_uniform() {
    let t = drive::<Hokm, HokmSampler>(12, 2, 3, setup(4), contradicts);
    // The check has teeth: the testkit scrambler, blind to the belief, contradicts it.
    assert!(t.scrambled_contradicting > 0, "{t:?}");
    eprintln!("hokm_4_samples_match_the_view_respect_voids_and_are_uniform: {t:?}");
    assert!(t.samples > 1500 && t.chi_square >= 4, "{t:?}");
}

/// Two players: the other player's face-down discards (HK-13) stay unknown, so no endgame
/// is small enough to enumerate whole: the chi-square tests check the other player's hand
/// against its exact marginal.
#[test]
fn hokm_2_samples_match_the_view_and_respect_voids() {
    let t = drive::<Hokm, HokmSampler>(12, 2, 3, setup(2), contradicts);
    // The check has teeth: the testkit scrambler, blind to the belief, contradicts it.
    assert!(t.scrambled_contradicting > 0, "{t:?}");
    eprintln!("hokm_2_samples_match_the_view_and_respect_voids: {t:?}");
    assert!(t.samples > 1500 && t.marginal >= 2, "{t:?}");
}

#[test]
fn a_void_shown_is_kept_for_the_hand_and_forgotten_after_it() {
    use engine::games::hokm::{HokmAction, HokmEvent};
    use engine::{Game, GameView, Status};
    // Play random hands until some seat fails to follow suit; check the belief records it.
    let mut g = Hokm::new(&setup(4)(3)).unwrap();
    let mut b = HokmBelief::new(&g.view(Seat(0)));
    let mut rng = engine::Rng::new(9);
    let mut legal = Vec::new();
    let mut seen_void = false;
    for _ in 0..2_000 {
        let Status::Acting(seats) = g.status() else {
            if g.status() == Status::MatchOver {
                break;
            }
            g.next_hand().unwrap();
            continue;
        };
        let seat = seats.first().unwrap();
        legal.clear();
        Hokm::legal_from_view(&g.view(seat), &mut legal);
        let a = legal[rng.below(legal.len() as u32) as usize];
        let led = g.view(seat).trick.first().map(|&(_, c)| c.suit());
        let e = g.apply(seat, &a).unwrap();
        b.observe(&e);
        if let (HokmAction::Play(c), Some(led)) = (a, led) {
            if c.suit() != led {
                assert!(b
                    .facts(&g.view(Seat(0)))
                    .unwrap()
                    .voids(seat)
                    .contains(engine::Card::new(led, engine::Rank::ACE)));
                seen_void = true;
            }
        }
        if let HokmEvent::Played {
            hand_over: true, ..
        } = e
        {
            // The next event starts afresh: a sampler of the new hand sees no old void.
            g.next_hand().ok();
            let v = g.view(Seat(0));
            let s = HokmSampler::new(&v, &b).unwrap();
            let c = s.plan().unwrap().constraints();
            assert!((0..c.places).all(|p| c.may[p] == c.unknown), "{c:?}");
        }
    }
    assert!(seen_void);
}
