//! D-7 and HX-14 scenarios for every game: what a turn timeout plays in each kind of phase,
//! and that a match with timeouts replays from its log like any other.

use engine::games::bidel::{Bidel, BidelAction, BidelPhase};
use engine::games::crazy_eights::{
    CrazyEights, CrazyEightsAction, CrazyEightsEvent, CrazyEightsPhase, CrazyEightsSettings,
};
use engine::games::haft_khabis::{
    HaftKhabis, HaftKhabisAction, HaftKhabisPhase, HaftKhabisSettings, TurnMode,
};
use engine::games::hokm::{Hokm, HokmAction, HokmPhase};
use engine::games::pasur::{Pasur, PasurAction};
use engine::games::shelem::{Shelem, ShelemAction, ShelemPhase};
use engine::log::apply_step;
use engine::{replay, Card, Deal, Game, Rng, Seat, Setup, Status, Step};
use std::collections::BTreeSet;

/// D-7's ranking, written out for the tests: A high (jokers above), or Pasur's A=1; ties
/// ♣ < ♦ < ♥ < ♠.
fn key(c: Card, ace_low: bool) -> (u8, u8) {
    if c.is_joker() {
        return (15, c.index());
    }
    let v = c.rank().value();
    let v = if ace_low && v == 14 { 1 } else { v };
    (v, c.suit() as u8)
}

/// The first legal action playing the lowest card, if any action plays a card.
fn lowest<A: Clone>(legal: &[A], card: impl Fn(&A) -> Option<Card>, ace_low: bool) -> Option<A> {
    let min = legal
        .iter()
        .filter_map(|a| card(a).map(|c| key(c, ace_low)))
        .min()?;
    legal
        .iter()
        .find(|a| card(a).map(|c| key(c, ace_low)) == Some(min))
        .cloned()
}

/// What D-7 says a timeout plays here, and the kind of phase it is in.
type Expect<G> = fn(&G, Seat, &[<G as Game>::Action]) -> (&'static str, <G as Game>::Action);

/// Plays a match with random legal actions; at every decision checks the timeout action
/// against `expect`, and one time in three records a timeout instead of the action. The
/// recorded steps replay to the same game. Returns the kinds of phase met.
fn walk<G: Game>(
    players: u8,
    settings: G::Settings,
    seed: u64,
    max_steps: usize,
    expect: Expect<G>,
) -> BTreeSet<&'static str> {
    let setup = Setup {
        players,
        settings,
        deal: Deal::seeded(seed),
    };
    let mut g = G::new(&setup).unwrap();
    let mut rng = Rng::new(seed);
    let mut steps = Vec::new();
    let mut kinds = BTreeSet::new();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    for _ in 0..max_steps {
        let step = match g.status() {
            Status::MatchOver => break,
            Status::HandOver => Step::NextHand,
            Status::Acting(s) => {
                let seat = s.first().unwrap();
                legal.clear();
                g.legal_actions(seat, &mut legal);
                let (kind, want) = expect(&g, seat, &legal);
                assert_eq!(g.timeout_action(seat), Some(want), "{} {kind}", G::NAME);
                kinds.insert(kind);
                if rng.below(3) == 0 {
                    Step::Timeout { seat }
                } else {
                    let a = legal[rng.below(legal.len() as u32) as usize].clone();
                    Step::Act { seat, action: a }
                }
            }
        };
        events.clear();
        apply_step(&mut g, &step, &mut events).unwrap();
        steps.push(step);
    }
    let again: G = replay(&setup, &steps).unwrap();
    assert_eq!(again.state_hash(), g.state_hash());
    kinds
}

fn first<A: Clone>(legal: &[A]) -> A {
    legal[0].clone()
}

fn hokm_expect(g: &Hokm, seat: Seat, legal: &[HokmAction]) -> (&'static str, HokmAction) {
    let card = |a: &HokmAction| match a {
        HokmAction::Play(c) => Some(*c),
        _ => None,
    };
    match g.view(seat).phase {
        HokmPhase::Playing => ("play", lowest(legal, card, false).unwrap()),
        HokmPhase::ChoosingTrump => ("trump", first(legal)),
        HokmPhase::Discarding => ("discard", first(legal)),
        HokmPhase::Drawing => {
            assert_eq!(legal[0], HokmAction::Keep);
            ("stock", HokmAction::Keep)
        }
        p => panic!("{p:?}"),
    }
}

#[test]
fn rule_d_7_hokm_trump_first_option_lowest_card_discard_and_keep() {
    let mut kinds = BTreeSet::new();
    for seed in 0..4 {
        kinds.extend(walk::<Hokm>(4, Default::default(), seed, 400, hokm_expect));
    }
    assert_eq!(kinds, BTreeSet::from(["play", "trump"]));
    let mut kinds = BTreeSet::new();
    for seed in 0..4 {
        kinds.extend(walk::<Hokm>(2, Default::default(), seed, 400, hokm_expect));
    }
    assert_eq!(kinds, BTreeSet::from(["discard", "play", "stock", "trump"]));
}

#[test]
fn rule_d_7_bidel_passing_and_trump_first_option_play_the_lowest_card() {
    let mut kinds = BTreeSet::new();
    for seed in 0..4 {
        kinds.extend(walk::<Bidel>(
            4,
            Default::default(),
            seed,
            600,
            |g, seat, legal| {
                let card = |a: &BidelAction| match a {
                    BidelAction::Play(c) => Some(*c),
                    _ => None,
                };
                match g.view(seat).phase {
                    BidelPhase::Playing => ("play", lowest(legal, card, false).unwrap()),
                    BidelPhase::Passing => ("passing", first(legal)),
                    BidelPhase::ChoosingTrump => ("trump", first(legal)),
                    p => panic!("{p:?}"),
                }
            },
        ));
    }
    assert!(
        kinds.contains("play") && kinds.contains("passing"),
        "{kinds:?}"
    );
}

#[test]
fn rule_d_7_shelem_the_auction_passes_discards_and_trump_first_play_the_lowest() {
    let mut kinds = BTreeSet::new();
    for seed in 0..6 {
        kinds.extend(walk::<Shelem>(
            4,
            Default::default(),
            seed,
            600,
            |g, seat, legal| {
                let card = |a: &ShelemAction| match a {
                    ShelemAction::Play(c) => Some(*c),
                    ShelemAction::JokerLead { joker, .. } => Some(*joker),
                    _ => None,
                };
                match g.view(seat).phase {
                    ShelemPhase::Bidding => {
                        assert!(legal.contains(&ShelemAction::Pass));
                        ("auction", ShelemAction::Pass)
                    }
                    ShelemPhase::Discarding => ("discard", first(legal)),
                    ShelemPhase::NamingTrump => ("trump", first(legal)),
                    ShelemPhase::Playing => ("play", lowest(legal, card, false).unwrap()),
                    p => panic!("{p:?}"),
                }
            },
        ));
    }
    assert_eq!(
        kinds,
        BTreeSet::from(["auction", "discard", "play", "trump"])
    );
}

#[test]
fn rule_d_7_pasur_the_lowest_card_ace_one_with_its_first_capture() {
    for seed in 0..6 {
        walk::<Pasur>(2, Default::default(), seed, 300, |_, _, legal| {
            let want = lowest(legal, |a: &PasurAction| Some(a.play), true).unwrap();
            ("play", want)
        });
        // The first capture option: where the lowest card captures in several ways, the
        // timeout takes the first listed.
        let setup = Setup {
            players: 2,
            settings: Default::default(),
            deal: Deal::seeded(seed),
        };
        let g = Pasur::new(&setup).unwrap();
        let seat = match g.status() {
            Status::Acting(s) => s.first().unwrap(),
            _ => continue,
        };
        let mut legal = Vec::new();
        g.legal_actions(seat, &mut legal);
        let t = g.timeout_action(seat).unwrap();
        let options: Vec<&PasurAction> = legal.iter().filter(|a| a.play == t.play).collect();
        assert_eq!(options[0], &t);
    }
}

fn haft_khabis_expect(
    g: &HaftKhabis,
    seat: Seat,
    legal: &[HaftKhabisAction],
) -> (&'static str, HaftKhabisAction) {
    let v = g.view(seat);
    let draw = HaftKhabisAction::Draw { last: false };
    let card = |a: &HaftKhabisAction| match a {
        HaftKhabisAction::Play(p) => Some(p.card),
        _ => None,
    };
    if v.phase == HaftKhabisPhase::DealerNames {
        return ("name", first(legal));
    }
    match v.mode {
        TurnMode::AceAnswer => ("ace_skip", HaftKhabisAction::Pass),
        TurnMode::Drawn => {
            let a = lowest(legal, card, false).unwrap();
            assert_eq!(card(&a), v.drawn);
            ("drawn_card", a)
        }
        _ if v.pending_draw > 0 => ("penalty", draw),
        _ if legal.contains(&draw) => ("draw", draw),
        _ => match lowest(legal, card, false) {
            Some(a) => ("play", a),
            None => ("pass", first(legal)),
        },
    }
}

#[test]
fn rule_d_7_haft_khabis_a_penalty_taken_else_a_draw_an_ace_skip_taken_else_the_lowest_card() {
    let mut kinds = BTreeSet::new();
    for seed in 0..12 {
        let s = HaftKhabisSettings {
            keep_drawn_card: seed % 2 == 0,
            ..Default::default()
        };
        kinds.extend(walk::<HaftKhabis>(3, s, seed, 500, haft_khabis_expect));
    }
    for k in ["ace_skip", "draw", "penalty", "play"] {
        assert!(kinds.contains(k), "{k} not met: {kinds:?}");
    }
}

/// The state after `seat`'s timeout action applied by hand, with HX-2's drawn card played.
fn hx_by_hand(g: &HaftKhabis, seat: Seat) -> HaftKhabis {
    let mut m = g.clone();
    let a = m.timeout_action(seat).unwrap();
    m.apply(seat, &a).unwrap();
    if m.status() == Status::Acting(engine::SeatSet::only(seat))
        && m.view(seat).mode == TurnMode::Drawn
    {
        let b = m.timeout_action(seat).unwrap();
        m.apply(seat, &b).unwrap();
    }
    m
}

#[test]
fn rule_hx_14_and_d_7_a_timeout_draws_one_penalty_card_when_the_setting_is_on() {
    let mut penalised = 0;
    let mut drawn_played = 0;
    for on in [true, false] {
        for seed in 0..10 {
            let settings = HaftKhabisSettings {
                timeout_penalty: on,
                ..Default::default()
            };
            let setup = Setup {
                players: 4,
                settings,
                deal: Deal::seeded(seed),
            };
            let mut g = HaftKhabis::new(&setup).unwrap();
            let mut rng = Rng::new(seed);
            let mut events = Vec::new();
            for _ in 0..300 {
                let seat = match g.status() {
                    Status::Acting(s) => s.first().unwrap(),
                    Status::HandOver => {
                        g.next_hand().unwrap();
                        continue;
                    }
                    Status::MatchOver => break,
                };
                let by_hand = hx_by_hand(&g, seat);
                let drew_and_played = g.view(seat).mode != TurnMode::Drawn
                    && by_hand.view(seat).hand_counts == g.view(seat).hand_counts;
                events.clear();
                apply_step(&mut g, &Step::Timeout { seat }, &mut events).unwrap();
                let still_in = by_hand.view(seat).phase == HaftKhabisPhase::Playing
                    && g.view(seat).phase == HaftKhabisPhase::Playing
                    && (by_hand.view(seat).hand_counts[seat.idx()] > 0
                        || g.view(seat).hand_counts[seat.idx()] > 0);
                if on && still_in {
                    // One card more than the action alone (unless the stock ran dry).
                    let want = by_hand.view(seat).hand_counts[seat.idx()] + 1;
                    let got = g.view(seat).hand_counts[seat.idx()];
                    assert!(got == want || g.view(seat).stock == 0, "{got} vs {want}");
                    assert!(matches!(
                        events.last(),
                        Some(engine::games::haft_khabis::HaftKhabisEvent::Drew {
                            penalty: true,
                            ..
                        })
                    ));
                    penalised += 1;
                } else if !on {
                    assert_eq!(g.state_hash(), by_hand.state_hash());
                }
                if drew_and_played {
                    drawn_played += 1;
                }
                // Now and then a random action, to reach other situations.
                if let Status::Acting(s) = g.status() {
                    if rng.below(2) == 0 {
                        let seat = s.first().unwrap();
                        let mut legal = Vec::new();
                        g.legal_actions(seat, &mut legal);
                        let a = legal[rng.below(legal.len() as u32) as usize];
                        g.apply(seat, &a).unwrap();
                    }
                }
            }
        }
    }
    assert!(penalised > 50, "{penalised}");
    assert!(drawn_played > 0, "no drawn card was played at once");
}

fn crazy_eights_expect(
    g: &CrazyEights,
    seat: Seat,
    legal: &[CrazyEightsAction],
) -> (&'static str, CrazyEightsAction) {
    let v = g.view(seat);
    let card = |a: &CrazyEightsAction| match a {
        CrazyEightsAction::Play(p) if p.cards.len() == 1 => Some(p.cards.last()),
        _ => None,
    };
    if v.phase == CrazyEightsPhase::DealerNamesSuit {
        return ("suit", first(legal));
    }
    if v.pending_draw > 0 && legal.contains(&CrazyEightsAction::Draw) {
        return ("penalty", CrazyEightsAction::Draw);
    }
    if legal.contains(&CrazyEightsAction::Draw) {
        return ("draw", CrazyEightsAction::Draw);
    }
    if v.drawn.is_some() {
        return ("keep_drawn", CrazyEightsAction::Pass);
    }
    match lowest(legal, card, false) {
        Some(a) => ("play", a),
        None => ("pass", first(legal)),
    }
}

#[test]
fn rule_d_7_crazy_eights_a_penalty_taken_else_a_draw_a_drawn_card_kept_else_the_lowest() {
    let mut kinds = BTreeSet::new();
    for seed in 0..12 {
        let s = CrazyEightsSettings {
            draw_only_when_unable: seed % 2 == 0,
            play_drawn_card: seed % 3 == 0,
            ..Default::default()
        };
        kinds.extend(walk::<CrazyEights>(3, s, seed, 400, crazy_eights_expect));
    }
    for k in ["draw", "penalty", "play", "keep_drawn"] {
        assert!(kinds.contains(k), "{k} not met: {kinds:?}");
    }
}

#[test]
fn rule_d_7_a_crazy_eights_timeout_that_draws_a_fitting_card_keeps_it_and_ends_the_turn() {
    let mut kept = 0;
    for seed in 0..30 {
        let s = CrazyEightsSettings {
            play_drawn_card: true,
            ..Default::default()
        };
        let setup = Setup {
            players: 3,
            settings: s,
            deal: Deal::seeded(seed),
        };
        let mut g = CrazyEights::new(&setup).unwrap();
        for _ in 0..60 {
            let Status::Acting(s) = g.status() else {
                break;
            };
            let seat = s.first().unwrap();
            let mut events = Vec::new();
            apply_step(&mut g, &Step::Timeout { seat }, &mut events).unwrap();
            if events.len() == 2 {
                assert!(matches!(events[1], CrazyEightsEvent::Passed { .. }));
                kept += 1;
            }
            assert_eq!(g.view(seat).drawn, None);
        }
    }
    assert!(kept > 0);
}
