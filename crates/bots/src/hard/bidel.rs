//! Bidel's hard bot (4 and 3 players): PIMC with rule-bot rollouts ([`RolloutHard`]) for
//! the play of the cards; the passes (BD-2) and the trump of BD-10 are the rule bot's.
//!
//! Bidel scores hearts and Q♠ (BD-7, BD-9) and every seat plays for itself, which the Hokm
//! solver (two sides, tricks only) does not search; each sampled deal is played out to
//! the end of the hand by the rule bots instead, once per candidate card, and scored by the
//! engine (a moon shot included): the mean of the other seats' points minus the seat's.
//!
//! - **Deals.** The seat's [`BidelBelief`] gives a [`BidelSampler`] (uniform over the deals
//!   its view, the voids shown and the cards it passed allow). Each deal is weighed by how
//!   likely the other seats' plays this hand are in it: [`EPS`] to the power of the plays
//!   that the rule bot ([`BidelBot`]), knowing the hand's public facts then, would not have
//!   made there (`likelihood`). Importance weights: a deal is weighed down, never ruled
//!   out, so players unlike the rule bot cost only some sharpness.
//! - **Candidates.** Every legal card. One card per run of equivalent cards (one suit, no
//!   card between them that another seat may hold, the same points: Q♠ stands alone) is
//!   built ([`MERGE_EQUIVALENT`]) but off: no better on the tuning deals (docs/bots.md).
//! - **Rollouts.** The rule bots in every seat start with the hand's public facts (the cards
//!   played, the voids; [`BidelBelief::for_seat`], [`BidelBot::with_belief`]), as the rule
//!   bots at the table do, never another seat's private ones (the cards it passed).

use super::pimc::{all_candidates, RolloutGame, RolloutHard, MAX_CANDIDATES};
use crate::belief::{Belief, BidelBelief, BidelSampler};
use crate::bidel::points_in;
use crate::BidelBot;
use engine::games::bidel::{Bidel, BidelAction, BidelEvent, BidelHidden, BidelPhase, BidelView};
use engine::{Card, CardSet, Game, GameView, Seat, SeatSet, Suit};

/// Whether the rollouts' rule bots start with the hand's public facts (the cards played,
/// the voids shown; [`BidelBelief::for_seat`]) rather than fresh (knowing only the trick
/// on the table).
pub const KNOWING_ROLLOUTS: bool = true;

/// A sampled deal's weight is this to the power of the past plays of other seats that the
/// rule bot would not have made in it (1: every deal weighs the same). Tuned on seeds
/// 1–300: 0.25 took fewer points than 0.5 and 0.1 (docs/bots.md).
pub const EPS: f64 = 0.25;

/// Whether cards that are equivalent whatever the deal (one suit, no unseen card between
/// them, the same points) are played out once, as one candidate: off, no better on the
/// tuning deals (docs/bots.md).
pub const MERGE_EQUIVALENT: bool = false;

/// The hard Bidel bot.
pub type BidelHard = RolloutHard<Bidel>;

impl RolloutGame for Bidel {
    type Belief = BidelBelief;
    type Sampler = BidelSampler;
    type Rule = BidelBot;

    fn rule(seed: u64) -> BidelBot {
        BidelBot::new(seed)
    }

    fn searched(view: &BidelView) -> bool {
        view.phase == BidelPhase::Playing
    }

    fn hand_value(g: &Bidel, seat: Seat) -> Option<f64> {
        let p = g.hand_score()?.points;
        let mine = *p.get(seat.idx())? as f64;
        let others: f64 = p.iter().map(|&x| x as f64).sum::<f64>() - mine;
        Some(others / (p.len().max(2) - 1) as f64 - mine)
    }

    fn seat(view: &BidelView) -> Seat {
        view.seat
    }

    fn rollout_bot(seed: u64, belief: &BidelBelief, seat: Seat) -> BidelBot {
        if KNOWING_ROLLOUTS {
            BidelBot::with_belief(seed, belief.for_seat(seat))
        } else {
            BidelBot::new(seed)
        }
    }

    fn candidates(
        view: &BidelView,
        belief: &BidelBelief,
        legal: &[BidelAction],
        rule: &BidelAction,
        out: &mut [usize; MAX_CANDIDATES],
    ) -> usize {
        let played = match belief.facts(view) {
            Ok(f) if MERGE_EQUIVALENT => f.log.played,
            _ => return all_candidates(legal, out),
        };
        candidates(view, played, legal, rule, out)
    }

    fn log_event(log: &mut Vec<BidelEvent>, event: &BidelEvent) {
        if let Some(BidelEvent::Played {
            hand_over: true, ..
        }) = log.last()
        {
            log.clear();
        }
        if let BidelEvent::Played { .. } = event {
            log.push(*event);
        }
    }

    fn likelihood(
        view: &BidelView,
        belief: &BidelBelief,
        log: &[BidelEvent],
        hidden: &BidelHidden,
        scratch: &mut Vec<BidelAction>,
    ) -> f64 {
        if EPS >= 1.0 || log.is_empty() {
            return 1.0;
        }
        // The log must hold every card played this hand (a bot seated in the middle of a
        // hand, or one that missed an event, weighs nothing).
        let Ok(f) = belief.facts(view) else {
            return 1.0;
        };
        if f.log.played.len() as usize != log.len() {
            return 1.0;
        }
        likelihood(view, belief, log, hidden, EPS, scratch)
    }
}

/// The candidates among `legal` (indices written into `out`, their number returned): one
/// card per run of legal cards of one suit, of the same points, with no card between them
/// that another seat may hold (every card of the suit between them is the seat's own or
/// already `played`). A run's card is the rule bot's choice `rule` if it is in the run,
/// else its lowest. Anything but plays: every action a candidate.
fn candidates(
    view: &BidelView,
    played: CardSet,
    legal: &[BidelAction],
    rule: &BidelAction,
    out: &mut [usize; MAX_CANDIDATES],
) -> usize {
    let mut cards = CardSet::EMPTY;
    for a in legal {
        match a {
            BidelAction::Play(c) => cards.insert(*c),
            _ => return all_candidates(legal, out),
        }
    }
    let index = |c: Card| legal.iter().position(|&a| a == BidelAction::Play(c));
    let mut n = 0;
    for suit in Suit::ALL {
        // The suit's cards from the lowest up (CardSet iterates a suit in rank order).
        let mut run: Option<(usize, u32)> = None; // (slot in out, points)
        for c in suit.mask().iter() {
            if cards.contains(c) {
                let pts = points_in(view, c.bit());
                match run {
                    Some((slot, p)) if p == pts => {
                        if *rule == BidelAction::Play(c) {
                            if let Some(i) = index(c) {
                                out[slot] = i;
                            }
                        }
                    }
                    _ => {
                        if n >= MAX_CANDIDATES {
                            return n;
                        }
                        let Some(i) = index(c) else { continue };
                        out[n] = i;
                        run = Some((n, pts));
                        n += 1;
                    }
                }
            } else if !view.hand.contains(c) && !played.contains(c) {
                // A card another seat may hold: the run ends here.
                run = None;
            }
        }
    }
    n
}

/// How likely the plays `log` (every play of the hand so far, in order) are in the deal
/// `hidden` (the seats' current hands) if the other seats played like the rule bot: `eps`
/// to the power of the plays of other seats (not the seat of `view`) with a choice where
/// the rule bot, knowing the public facts of the hand then, would have played another
/// card. The hands at the first trick are the current hands and the cards each seat played
/// (the cards the seat passed are in the receiver's sampled hand: the sampler keeps them
/// there).
fn likelihood(
    view: &BidelView,
    belief: &BidelBelief,
    log: &[BidelEvent],
    hidden: &BidelHidden,
    eps: f64,
    legal: &mut Vec<BidelAction>,
) -> f64 {
    let me = view.seat;
    let mut hands = hidden.hands;
    for e in log {
        if let BidelEvent::Played { seat, card, .. } = e {
            if let Some(h) = hands.get_mut(seat.idx()) {
                h.insert(*card);
            }
        }
    }
    let mut replay = belief.at_hand_start(me);
    let mut tv = view.clone();
    tv.phase = BidelPhase::Playing;
    tv.trick.clear();
    tv.last_trick = None;
    tv.hearts_broken = false;
    tv.picked = CardSet::EMPTY;
    tv.points.iter_mut().for_each(|p| *p = 0);
    tv.tricks.iter_mut().for_each(|t| *t = 0);
    let mut w = 1.0;
    for e in log {
        let BidelEvent::Played {
            seat, card, trick, ..
        } = *e
        else {
            continue;
        };
        let hand = hands.get(seat.idx()).copied().unwrap_or_default();
        if seat != me {
            tv.seat = seat;
            tv.hand = hand;
            tv.to_act = SeatSet::only(seat);
            legal.clear();
            Bidel::legal_from_view(&tv, legal);
            if !legal.contains(&BidelAction::Play(card)) {
                // Not a deal the plays allow (the sampler should not give one).
                w *= eps;
            } else if legal.len() > 1
                && !BidelBot::could_play(replay.for_seat(seat), &tv, legal, card)
            {
                w *= eps;
            }
        }
        if let Some(h) = hands.get_mut(seat.idx()) {
            h.remove(card);
        }
        replay.observe(e);
        tv.hearts_broken |= Suit::Hearts.mask().contains(card);
        match trick {
            Some(t) => {
                tv.trick.clear();
                tv.leader = t.winner;
                if let Some(p) = tv.points.get_mut(t.winner.idx()) {
                    *p = p.saturating_add(t.points);
                }
                if let Some(n) = tv.tricks.get_mut(t.winner.idx()) {
                    *n = n.saturating_add(1);
                }
            }
            None => tv.trick.push((seat, card)),
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::super::pimc::testing::{duplicate, plays_and_repeats};
    use super::super::{Budget, HardGame};
    use super::MAX_CANDIDATES;
    use crate::Bot;
    use engine::games::bidel::{Bidel, BidelSettings};

    const SMALL: Budget = Budget {
        samples: 6,
        nodes: 0,
        playouts: 60,
    };

    fn hard(seed: u64) -> Box<dyn Bot<Bidel> + Send> {
        Bidel::hard_bot(seed, SMALL).unwrap()
    }

    fn easy(seed: u64) -> Box<dyn Bot<Bidel> + Send> {
        Box::new(crate::BidelBot::new(seed))
    }

    /// Hard bots in every seat play only legal actions, and the same seeds and budget give
    /// the same hand, action for action.
    #[test]
    fn hard_bots_play_legal_cards_and_repeat_their_choices() {
        plays_and_repeats::<Bidel>(&[4, 3], &BidelSettings::default(), hard);
    }

    /// The plays of rule bots are likely in the true deal (every play is one the rule bot
    /// makes there, knowing the hand's public facts), and less likely, on average, in the
    /// sampler's deals. Passing hands (BD-2) and a hand without passing, 4 and 3 players.
    #[test]
    fn the_true_deal_explains_rule_bots_plays_better_than_a_sample() {
        use super::likelihood;
        use crate::belief::{Belief, BidelBelief, BidelSampler, Sampler};
        use crate::BidelBot;
        use engine::games::bidel::{BidelEvent, BidelPhase};
        use engine::testkit::InspectHidden;
        use engine::{Deal, Game, Rng, Seat, Setup, Status};
        let mut true_w = 0.0;
        let mut sample_w = 0.0;
        let mut checks = 0;
        for (players, seed) in [(4u8, 1u64), (4, 2), (4, 3), (3, 4), (3, 5)] {
            let mut g = Bidel::new(&Setup {
                players,
                settings: BidelSettings::default(),
                deal: Deal::seeded(seed),
            })
            .unwrap();
            for hand in 0..4 {
                if hand > 0 {
                    g.next_hand().unwrap();
                }
                let mut bots: Vec<BidelBot> = (0..players as u64)
                    .map(|s| BidelBot::new(seed * 10 + s))
                    .collect();
                let mut belief: Option<BidelBelief> = None;
                let mut log = Vec::new();
                let mut legal = Vec::new();
                let mut rng = Rng::new(seed);
                while let Status::Acting(acting) = g.status() {
                    let seat = acting.first().unwrap();
                    let view = g.view(seat);
                    if seat == Seat(0) {
                        let b = belief
                            .get_or_insert_with(|| BidelBelief::new(&view))
                            .clone();
                        if view.phase == BidelPhase::Playing && log.len() > 4 {
                            let mut scratch = Vec::new();
                            let truth = g.hidden();
                            true_w += likelihood(&view, &b, &log, &truth, 0.5, &mut scratch);
                            let sampler = BidelSampler::new(&view, &b).unwrap();
                            let mut h = Default::default();
                            sampler.sample_hidden(&mut rng, &mut h);
                            sample_w += likelihood(&view, &b, &log, &h, 0.5, &mut scratch);
                            checks += 1;
                        }
                    }
                    legal.clear();
                    g.legal_actions(seat, &mut legal);
                    let a = bots[seat.idx()].choose(&view, &legal);
                    let e = g.apply(seat, &a).unwrap();
                    for b in bots.iter_mut() {
                        b.observe(&e);
                    }
                    if let Some(b) = &mut belief {
                        b.observe(&e);
                    }
                    if matches!(e, BidelEvent::Played { .. }) {
                        log.push(e);
                    }
                }
            }
        }
        assert!(checks > 50, "{checks}");
        assert_eq!(true_w, checks as f64, "the true deal explains every play");
        assert!(
            sample_w < 0.5 * true_w,
            "samples {sample_w} against {true_w}"
        );
    }

    /// The candidates are one card per run of cards that no other seat's card separates
    /// and that cost the same points (BD-7: Q♠ is never merged with the spades beside it).
    #[test]
    fn equivalent_cards_are_one_candidate() {
        use super::candidates;
        use engine::games::bidel::{BidelAction, BidelPhase, BidelView};
        use engine::{Card, CardSet, Seat, SeatSet};
        let set =
            |s: &str| -> CardSet { engine::card::parse_cards(s).unwrap().into_iter().collect() };
        let hand = set("JS QS KS 9H 10H QH 2C");
        let view = BidelView {
            seat: Seat(0),
            players: 4,
            settings: BidelSettings::default(),
            phase: BidelPhase::Playing,
            to_act: SeatSet::only(Seat(0)),
            dealer: Seat(3),
            hand_number: 1,
            pass_direction: engine::games::bidel::PassDirection::None,
            hakem: None,
            trump: None,
            hand,
            picked: CardSet::EMPTY,
            passed: CardSet::EMPTY,
            received: CardSet::EMPTY,
            hand_counts: vec![7; 4],
            pick_counts: vec![0; 4],
            leader: Seat(0),
            trick: Vec::new(),
            last_trick: None,
            hearts_broken: true,
            points: vec![0; 4],
            tricks: vec![6; 4],
            totals: vec![0; 4],
            result: None,
            winner: None,
        };
        let legal: Vec<BidelAction> = hand.iter().map(BidelAction::Play).collect();
        let got = |played: &str, rule: &str| -> CardSet {
            let mut out = [0; MAX_CANDIDATES];
            let rule = BidelAction::Play(rule.parse::<Card>().unwrap());
            let n = candidates(&view, set(played), &legal, &rule, &mut out);
            out[..n]
                .iter()
                .map(|&i| match legal[i] {
                    BidelAction::Play(c) => c,
                    a => panic!("{a:?}"),
                })
                .collect()
        };
        // 9♥ 10♥ touch; J♥ is out, so Q♥ is apart; J♠ Q♠ K♠ touch but Q♠ costs 13.
        assert_eq!(got("", "2C"), set("JS QS KS 9H QH 2C"));
        // J♥ played: Q♥ joins 9♥ 10♥, and the rule bot's 10♥ stands for the run.
        assert_eq!(got("JH", "10H"), set("JS QS KS 10H 2C"));
    }

    /// Hard against easy, duplicate (the hard bot in each seat in turn): it takes fewer
    /// points than the easy bots over a small fixed sample.
    #[test]
    fn hard_beats_easy_on_a_fixed_duplicate_sample() {
        let d = duplicate::<Bidel>(4, BidelSettings::default(), 1..4, hard, easy, -1.0);
        assert!(d > 0.0, "hard minus easy, points fewer: {d:+}");
    }
}
