//! `cards bot` (issue 24): for every game, the action a bot chooses for the seat to act is one
//! of its legal actions, and it is the same for a log whose hidden cards differ, as long as
//! the seat saw the same things (its view after every step and every public event).

use cards::{bot, BotOptions};
use engine::log::Replayer;
use engine::testkit::Inspect;
use engine::{Card, CardBag, CardSet, Deal, Game, MatchLog, Rng, Seat, Setup, Status, Step};
use registry::Registered;
use serde_json::Value;

/// The cards of a deck order.
trait DeckCards {
    fn list(self) -> Vec<Card>;
}
impl DeckCards for CardSet {
    fn list(self) -> Vec<Card> {
        self.into_iter().collect()
    }
}
impl DeckCards for CardBag {
    fn list(self) -> Vec<Card> {
        self.iter().collect()
    }
}

fn setup<G: Registered>(deck: &[Card]) -> Setup<G::Settings> {
    Setup {
        players: G::DEFAULT_PLAYERS,
        settings: G::Settings::default(),
        deal: Deal {
            seed: 11,
            decks: vec![deck.to_vec()],
            dealer: None,
        },
    }
}

/// What one seat learns from a match played by `steps`: its view after every step and every
/// public event, as JSON; `None` if a step does not apply to this deal. With the state hash at
/// the end (which also counts what the seat cannot see).
fn seen<G: Game>(
    setup: &Setup<G::Settings>,
    steps: &[Step<G::Action>],
    seat: Seat,
) -> Option<(Vec<Value>, u64)> {
    let mut r = Replayer::<G>::new(setup).ok()?;
    let mut out = vec![serde_json::to_value(r.game().view(seat)).ok()?];
    let mut events = Vec::new();
    for step in steps {
        events.clear();
        r.step(step, &mut events).ok()?;
        out.push(serde_json::to_value(r.game().view(seat)).ok()?);
        for e in &events {
            out.push(serde_json::to_value(e).ok()?);
        }
    }
    Some((out, r.game().state_hash()))
}

fn log_text<G: Game>(setup: &Setup<G::Settings>, steps: &[Step<G::Action>]) -> String {
    serde_json::to_string(&MatchLog::new(G::NAME, setup.clone(), steps.to_vec())).unwrap()
}

/// Plays `G` from a shuffled deck with random legal actions until `wanted` steps are taken and
/// the seat to act has a choice, or the next step would end the hand; then asks each bot kind for the seat to act, from that
/// log and from logs with two hidden cards swapped that the seat cannot tell apart.
fn check<G>(slug: &str, wanted: usize, seed: u64)
where
    G: Registered + Inspect,
    G::Cards: DeckCards,
{
    let mut rng = Rng::new(seed);
    let mut deck = {
        let probe = G::new(&Setup {
            players: G::DEFAULT_PLAYERS,
            settings: G::Settings::default(),
            deal: Deal::seeded(seed),
        })
        .unwrap();
        probe.all_cards().list()
    };
    rng.shuffle(&mut deck);
    let base = setup::<G>(&deck);
    let mut g = G::new(&base).unwrap();
    let mut steps = Vec::new();
    let mut legal = Vec::new();
    while let Status::Acting(acting) = g.status() {
        let seat = acting.first().unwrap();
        legal.clear();
        g.legal_actions(seat, &mut legal);
        // A choice to make: at least two legal actions.
        if steps.len() >= wanted && legal.len() >= 2 {
            break;
        }
        let action = legal[rng.below(legal.len() as u32) as usize].clone();
        let mut next = g.clone();
        next.apply(seat, &action).unwrap();
        if !matches!(next.status(), Status::Acting(_)) {
            break;
        }
        g = next;
        steps.push(Step::Act { seat, action });
    }
    let Status::Acting(acting) = g.status() else {
        panic!("{slug}: no seat acts after {} steps", steps.len())
    };
    let seat = acting.first().unwrap();
    legal.clear();
    g.legal_actions(seat, &mut legal);
    assert!(
        legal.len() >= 2,
        "{slug}: seat {} has no choice to make",
        seat.0
    );
    let (history, hash) = seen::<G>(&base, &steps, seat).unwrap();

    // Logs the seat cannot tell from this one: two cards of the deck swapped, the same steps
    // still legal, and the same views and events for the seat, but another state.
    let mut twins = Vec::new();
    for _ in 0..2000 {
        if twins.len() == 3 {
            break;
        }
        let (i, j) = (
            rng.below(deck.len() as u32) as usize,
            rng.below(deck.len() as u32) as usize,
        );
        if deck[i] == deck[j] {
            continue;
        }
        let mut other = deck.clone();
        other.swap(i, j);
        let s = setup::<G>(&other);
        if let Some((h, other_hash)) = seen::<G>(&s, &steps, seat) {
            if h == history && other_hash != hash {
                twins.push(s);
            }
        }
    }
    assert!(
        !twins.is_empty(),
        "{slug}: no swap of two cards left seat {} blind to it, so the check would prove nothing",
        seat.0
    );

    let text = log_text::<G>(&base, &steps);
    for kind in ["easy", "hard", "random"] {
        let opts = BotOptions {
            game: slug.to_string(),
            kind: kind.to_string(),
            seed: 5,
            seat: Some(seat.0),
        };
        let answer = match bot(&text, &opts) {
            Ok(a) => a,
            Err(e) if e.contains("has no hard bot") => continue,
            Err(e) => panic!("{slug} {kind}: {e}"),
        };
        assert_eq!(answer["seat"], seat.0, "{slug} {kind}");
        let action: G::Action = serde_json::from_value(answer["action"].clone()).unwrap();
        assert!(
            legal.contains(&action),
            "{slug} {kind}: {action:?} is not legal for seat {} ({legal:?})",
            seat.0
        );
        for twin in &twins {
            let other = bot(&log_text::<G>(twin, &steps), &opts).unwrap();
            assert_eq!(
                other, answer,
                "{slug} {kind}: another answer where only cards seat {} cannot see differ",
                seat.0
            );
        }
    }
}

#[test]
fn hokm_bot_is_legal_and_sees_only_its_seat() {
    check::<engine::games::hokm::Hokm>("hokm", 12, 1);
}

#[test]
fn shelem_bot_is_legal_and_sees_only_its_seat() {
    check::<engine::games::shelem::Shelem>("shelem", 14, 2);
}

#[test]
fn pasur_bot_is_legal_and_sees_only_its_seat() {
    check::<engine::games::pasur::Pasur>("pasur", 6, 3);
}

#[test]
fn bidel_bot_is_legal_and_sees_only_its_seat() {
    check::<engine::games::bidel::Bidel>("bidel", 12, 4);
}

#[test]
fn haft_khabis_bot_is_legal_and_sees_only_its_seat() {
    check::<engine::games::haft_khabis::HaftKhabis>("haft_khabis", 8, 5);
}

#[test]
fn crazy_eights_bot_is_legal_and_sees_only_its_seat() {
    check::<engine::games::crazy_eights::CrazyEights>("crazy_eights", 8, 6);
}
