//! Pasur's browser-test tables (tests/e2e/tests/pasur.test.mjs) through the reducer: the
//! seeds still give the choices of sets, the surs and the short match the tests count on.

use crate::adapters::UiGame;
use crate::components::pasur_board::sheet_lines;
use crate::config::TableConfig;
use crate::i18n::Lang;
use crate::pages::table::pasur::tests::{card, set};
use crate::state::{TableAction, TableState};
use engine::games::pasur::choice::{choices, takes};
use engine::games::pasur::{Pasur, PasurAction, PasurPhase, PasurSettings, RoundResult};
use engine::{CardSet, Game, Seat, Status};
use std::rc::Rc;
use yew::Reducible;

/// A table of `seats` with easy bots, as the browser tests seat them (`bots=e…`).
fn config(seed: u64, seats: &str) -> TableConfig<PasurSettings> {
    let easy = "e".repeat(seats.matches('b').count());
    let q = format!("seed={seed}&seats={seats}&bots={easy}");
    TableConfig::<PasurSettings>::from_query(&q, &[2, 4]).config
}

/// What the browser test does at its turn (tests/e2e/tests/pasur.test.mjs): tap the
/// first card of the hand as it is drawn; with several sets, take the last one.
fn e2e_choice(st: &TableState<Pasur>, seat: Seat) -> (PasurAction, usize) {
    let v = st.game().view(seat);
    let first = crate::card_order::sort_hand(v.hand)[0];
    let ch = choices(&v.legal_actions(), first);
    (ch[ch.len() - 1], ch.len())
}

/// Plays the first round as the browser test does; returns how many of your turns
/// offered several sets, and the result.
fn round_as_the_e2e_test(config: TableConfig<PasurSettings>) -> (usize, RoundResult) {
    let (several, r, _) = round_with_table_sizes(config);
    (several, r)
}

/// [`round_as_the_e2e_test`], with the most cards on the table at one of your turns.
fn round_with_table_sizes(config: TableConfig<PasurSettings>) -> (usize, RoundResult, u32) {
    let st = Rc::new(TableState::<Pasur>::new(config));
    let (_, several, r, most) = play_round_as_the_e2e_test(st);
    (several, r, most)
}

/// Plays the round in progress as the browser test does; returns the state after it,
/// how many of your turns offered several sets, the result and the most cards on the
/// table at one of your turns.
fn play_round_as_the_e2e_test(
    mut st: Rc<TableState<Pasur>>,
) -> (Rc<TableState<Pasur>>, usize, RoundResult, u32) {
    let mut several = 0;
    let mut most = 0;
    while st.game().status() != Status::HandOver && st.game().status() != Status::MatchOver {
        let (seat, action) = match st.bot_to_act() {
            Some(bot) => (bot, st.bots.borrow_mut().choose(bot, st.step).unwrap()),
            None => {
                let seat = st.to_act().unwrap();
                most = most.max(st.game().table().len());
                let (a, n) = e2e_choice(&st, seat);
                several += usize::from(n >= 2);
                (seat, a)
            }
        };
        let before = st.step as usize;
        st = st.reduce(TableAction::Act { seat, action });
        assert_eq!(st.step as usize, before + 1, "{action:?} is legal");
    }
    let r = st.game().view(Seat(0)).result.unwrap();
    (st, several, r, most)
}

/// A whole match played as the browser test does, round after round: per round its
/// result, and the winner.
fn match_as_the_e2e_test(config: TableConfig<PasurSettings>) -> (Vec<RoundResult>, usize) {
    let mut st = Rc::new(TableState::<Pasur>::new(config));
    let mut rounds = Vec::new();
    loop {
        let (next, _, r, _) = play_round_as_the_e2e_test(st);
        rounds.push(r);
        st = next;
        if let Some(w) = st.game().view(Seat(0)).winner {
            return (rounds, w);
        }
        st = st.reduce(TableAction::NextHand);
        assert!(rounds.len() < 50, "the match ends");
    }
}

/// The browser test's table: you and a bot, where twice a card you play has several
/// sets to choose from, and you score surs.
const E2E_SEED: u64 = 17;

#[test]
fn the_browser_tests_seed_gives_you_a_choice_of_sets() {
    let (several, r) = round_as_the_e2e_test(config(E2E_SEED, "yb"));
    assert_eq!(several, 2, "seed {E2E_SEED}: choices");
    assert_eq!(r.sides[0].surs, 3, "your surs");
    let total: i32 = r.sides.iter().map(|l| l.total).sum();
    assert_eq!(
        total,
        20 + 5 * r.sides.iter().map(|l| l.surs as i32).sum::<i32>()
    );
}

#[test]
fn the_browser_tests_seed_without_forced_capture_offers_laying_down() {
    let settings = PasurSettings {
        forced_capture: false,
        ..PasurSettings::default()
    };
    let st = TableState::<Pasur>::new(TableConfig {
        settings,
        ..config(E2E_SEED, "yb")
    });
    assert_eq!(st.to_act(), Some(Seat(0)), "you play first");
    let v = st.game().view(Seat(0));
    let sets: Vec<CardSet> = choices(&v.legal_actions(), card("2H"))
        .iter()
        .map(takes)
        .collect();
    assert_eq!(sets, vec![set("9D"), set("9H"), CardSet::EMPTY]);
}

/// Finds seeds for the browser test (run with `--ignored --nocapture`).
#[test]
#[ignore]
fn find_seeds_with_a_choice_of_sets() {
    for seed in 0..40 {
        let (several, r, most) = round_with_table_sizes(config(seed, "yb"));
        println!(
            "seed {seed}: {several} choices, surs {:?}, at most {most} table cards",
            [r.sides[0].surs, r.sides[1].surs]
        );
    }
}

/// The browser test's short match (tests/e2e/tests/pasur.test.mjs): to 62, you and a
/// bot, over after two rounds.
const E2E_MATCH_SEED: u64 = 102;

#[test]
fn the_browser_tests_short_match_ends_after_two_rounds() {
    let (rounds, winner) = match_as_the_e2e_test(config(E2E_MATCH_SEED, "yb"));
    assert_eq!(rounds.len(), 2, "seed {E2E_MATCH_SEED}: rounds");
    let last = rounds.last().unwrap();
    for side in 0..2 {
        let sum: i32 = rounds.iter().map(|r| r.sides[side].total).sum();
        assert_eq!(last.totals[side], sum, "side {side}: the running total");
    }
    assert!(last.totals[winner] >= 62 && last.totals[winner] > last.totals[1 - winner]);
}

/// Finds seeds where a match to 62 ends soon (run with `--ignored --nocapture`).
#[test]
#[ignore]
fn find_seeds_with_a_short_match() {
    for seed in 0..300 {
        let (rounds, w) = match_as_the_e2e_test(config(seed, "yb"));
        if rounds.len() <= 3 {
            let last = rounds.last().unwrap();
            println!(
                "seed {seed}: {} rounds, winner {w}, totals {:?}",
                rounds.len(),
                last.totals
            );
        }
    }
}

#[test]
fn whole_match_through_the_reducer_with_bots() {
    let mut st = Rc::new(TableState::<Pasur>::new(config(2, "ybbb")));
    let mut person = Pasur::bot(7);
    for _ in 0..5000 {
        match st.game().status() {
            Status::MatchOver => break,
            Status::HandOver => st = st.reduce(TableAction::NextHand),
            Status::Acting(_) => {
                let seat = st.to_act().unwrap();
                let action = match st.bot_to_act() {
                    Some(bot) => st.bots.borrow_mut().choose(bot, st.step).unwrap(),
                    None => person.choose(&st.view, &st.legal),
                };
                st = st.reduce(TableAction::Act { seat, action });
            }
        }
    }
    let v = st.game().view(Seat(0));
    assert_eq!(v.phase, PasurPhase::MatchOver);
    assert!(v.winner.is_some());
    let restored = TableState::<Pasur>::restore(&st.save().unwrap()).unwrap();
    assert_eq!(restored.game().state_hash(), st.game().state_hash());
}

#[test]
fn the_sheet_lines_add_up_to_the_rounds_total() {
    let (_, r) = round_as_the_e2e_test(config(E2E_SEED, "yb"));
    for lang in [Lang::Fa, Lang::En] {
        let lines = sheet_lines(lang, &r);
        for side in 0..2 {
            let sum: i32 = lines.iter().map(|l| l.2[side].0).sum();
            assert_eq!(sum, r.sides[side].total, "side {side}");
        }
    }
}
