//! Shelem's browser-test tables (tests/e2e/tests/shelem.test.mjs) through the reducer, and
//! the discards and the joker lead as the table confirms them.

use crate::components::auction::bid_choices;
use crate::config::TableConfig;
use crate::pages::table::shelem::just_redealt;
use crate::state::{TableAction, TableState};
use engine::games::shelem::{Shelem, ShelemAction, ShelemPhase, ShelemSettings, Trump};
use engine::{Card, CardSet, Game, Seat, Status, Suit};
use std::rc::Rc;
use yew::Reducible;

fn config(seed: u64, players: u8) -> TableConfig<ShelemSettings> {
    let mut c = TableConfig::<ShelemSettings>::new(&[4, 2]);
    c.seed = seed;
    c.players.truncate(players as usize);
    // Easy bots, as the browser tests seat them (`bots=e…`).
    c.players
        .iter_mut()
        .for_each(|p| p.level = crate::config::Level::Easy);
    c
}

/// The auction as the browser test plays it (tests/e2e/tests/shelem.test.mjs): the bots
/// of the table bid for themselves; seat 0 (you) bids the lowest bid offered while it is
/// at most `cap`, else passes. Returns the hakem and how many bids seat 0 made, or
/// `None` if everybody passed.
fn auction_as_the_e2e_test(seed: u64, players: u8, cap: u16) -> Option<(Seat, usize)> {
    auction_with(config(seed, players), cap).map(|(h, n, _)| (h, n))
}

/// [`auction_as_the_e2e_test`] at any table; also returns seat 0's cards after it.
fn auction_with(config: TableConfig<ShelemSettings>, cap: u16) -> Option<(Seat, usize, CardSet)> {
    let mut st = Rc::new(TableState::<Shelem>::new(config));
    let mut my_bids = 0;
    while st.game().phase() == ShelemPhase::Bidding {
        let seat = st.to_act().unwrap();
        let view = st.game().view(seat);
        let action = match st.bot_to_act() {
            Some(bot) => st.bots.borrow_mut().choose(bot, st.step).unwrap(),
            None => match bid_choices(view.bid_range).first() {
                Some(&b) if b <= cap => {
                    my_bids += 1;
                    ShelemAction::Bid(b)
                }
                _ => ShelemAction::Pass,
            },
        };
        let before = st.step as usize;
        st = st.reduce(TableAction::Act { seat, action });
        assert_eq!(st.step as usize, before + 1);
        if just_redealt(&st.game().view(Seat(0)), &st.events) {
            return None;
        }
    }
    assert_eq!(
        st.game().status(),
        Status::Acting(engine::SeatSet::only(st.to_act()?))
    );
    let v = st.game().view(Seat(0));
    Some((v.hakem?, my_bids, v.hand))
}

/// The browser test's table: seed 8 with you and three bots, where the bots bid too
/// and you, bidding as the test does, raise twice more and win the auction (so the test
/// covers your bids, your discards and your trump choice).
const E2E_HAKEM_SEED: u64 = 8;

#[test]
fn the_browser_tests_seed_makes_you_hakem_after_a_contest() {
    assert_eq!(
        auction_as_the_e2e_test(E2E_HAKEM_SEED, 4, 120),
        Some((Seat(0), 3))
    );
    // Two players (SH-10): the browser test's table gives you a turn to bid.
    assert!(auction_as_the_e2e_test(1, 2, 120).is_some());
    // The joker lead's table (jokers and Sars): you win the auction holding both jokers.
    let settings = ShelemSettings {
        jokers: true,
        sars: true,
        ..ShelemSettings::default()
    };
    let (hakem, _, hand) = auction_with(
        TableConfig {
            settings,
            ..config(E2E_JOKER_SEED, 4)
        },
        120,
    )
    .unwrap();
    assert_eq!(hakem, Seat(0));
    assert!(hand.contains(Card::RED_JOKER) && hand.contains(Card::BLACK_JOKER));
}

/// The browser test of the joker lead: seed 4 with jokers and Sars.
const E2E_JOKER_SEED: u64 = 4;

fn game(seed: u64, players: u8, settings: ShelemSettings) -> Shelem {
    Shelem::new(&engine::Setup {
        players,
        settings,
        deal: engine::Deal::seeded(seed),
    })
    .unwrap()
}

#[test]
fn discards_confirmed_together_and_a_joker_lead_asks_for_a_suit() {
    let settings = ShelemSettings {
        jokers: true,
        sars: true,
        ..ShelemSettings::default()
    };
    let mut st = Rc::new(TableState::<Shelem>::new(TableConfig {
        settings,
        ..config(8, 4)
    }));
    let first = st.to_act().unwrap();
    st = st.reduce(TableAction::Act {
        seat: first,
        action: ShelemAction::Bid(200),
    });
    let v = st.game().view(first);
    assert_eq!(v.phase, ShelemPhase::Discarding);
    let widow = v.widow.unwrap();
    assert_eq!(widow.len(), 6);
    assert_eq!(v.hand.len(), 18);
    // Keep the jokers (wherever they are), lay down six other cards in one go.
    let down: Vec<ShelemAction> = v
        .hand
        .iter()
        .filter(|c| !c.is_joker())
        .take(6)
        .map(ShelemAction::Discard)
        .collect();
    st = st.reduce(TableAction::ActAll {
        seat: first,
        actions: down,
    });
    assert!(st.error.is_none());
    let v = st.game().view(first);
    assert_eq!(v.phase, ShelemPhase::NamingTrump);
    assert_eq!(v.discard_count, 6);
    st = st.reduce(TableAction::Act {
        seat: first,
        action: ShelemAction::Trump(Trump::Sars),
    });
    let v = st.game().view(first);
    assert_eq!(v.phase, ShelemPhase::Playing);
    let plain = v.hand.iter().find(|c| !c.is_joker()).unwrap();
    assert!(!v.needs_joker_suit(plain));
    if v.hand.contains(Card::RED_JOKER) {
        assert!(v.needs_joker_suit(Card::RED_JOKER));
    }
    // With a trump suit a joker is led like any card.
    let mut g = game(
        8,
        4,
        ShelemSettings {
            jokers: true,
            ..ShelemSettings::default()
        },
    );
    let t = g.turn().unwrap();
    g.apply(t, &ShelemAction::Bid(200)).unwrap();
    let hand = g.view(t).hand;
    for c in hand.iter().take(6) {
        g.apply(t, &ShelemAction::Discard(c)).unwrap();
    }
    g.apply(t, &ShelemAction::Trump(Trump::Suit(Suit::Hearts)))
        .unwrap();
    assert!(!g.view(t).needs_joker_suit(Card::RED_JOKER));
}
