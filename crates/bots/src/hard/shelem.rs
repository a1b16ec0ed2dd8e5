//! Shelem's hard bot (4 and 2 players): PIMC with rule-bot rollouts ([`RolloutHard`]) for
//! the play of the cards and for the auction (SH-4); the widow's discards (SH-5) and trump
//! (SH-6) are the rule bot's.
//!
//! Shelem scores card points (SH-3) as well as tricks, which the Hokm solver's equivalent
//! cards and table keys do not keep; each sampled deal is played out to the end of the hand
//! by the rule bots instead, once per legal card, and scored by the engine (SH-7, SH-8):
//! the seat's side's points minus the other side's.
//!
//! **Bidding by simulation** (issue 12): at its turn in the auction the bot deals the other
//! hands and the widow, weighs each deal by how well it explains the bids and passes the
//! other seats made (as the rule bot would bid: [`crate::shelem::bid_limit`]), and plays
//! each candidate — pass, the lowest bid allowed, the rule bot's bid — out to the end of
//! the hand with rule bots in every seat (the rest of the auction, the widow, the discards,
//! trump and the cards). It takes the candidate whose weighted mean hand value is best:
//! a bid is worth its contract's result (made: the points taken; failed: minus the bid,
//! SH-7) against what the other side then takes, a pass what the others' auction gives.

use super::pimc::{all_candidates, RolloutGame, RolloutHard, MAX_CANDIDATES};
use super::Budget;
use crate::belief::{ShelemBelief, ShelemSampler};
use crate::shelem::{bid_limit, modes};
use crate::ShelemBot;
use engine::games::shelem::{
    Shelem, ShelemAction, ShelemEvent, ShelemHidden, ShelemPhase, ShelemView,
};
use engine::{Game, Seat};

/// The hard Shelem bot.
pub type ShelemHard = RolloutHard<Shelem>;

/// Whether the auction is searched (else the rule bot bids); tuned in docs/bots.md,
/// "Shelem: bidding by simulation".
const SEARCH_BIDS: bool = true;

/// Bids above the lowest allowed that are candidates too (5 points apart; the rule bot's
/// bid always is).
const EXTRA_LEVELS: u16 = 0;

/// The weight of a deal for each bid or pass of another seat it does not explain.
const EPS: f64 = 0.05;

/// An auction decision plays the budget's playouts divided by this: a rollout from the
/// auction plays the whole hand, the widow's plan included, and half the budget measured
/// as good as all of it (docs/bots.md).
const BID_SHARE: u32 = 2;

impl RolloutGame for Shelem {
    type Belief = ShelemBelief;
    type Sampler = ShelemSampler;
    type Rule = ShelemBot;

    fn rule(seed: u64) -> ShelemBot {
        ShelemBot::new(seed)
    }

    fn searched(view: &ShelemView) -> bool {
        view.phase == ShelemPhase::Playing || (view.phase == ShelemPhase::Bidding && SEARCH_BIDS)
    }

    fn hand_value(g: &Shelem, seat: Seat) -> Option<f64> {
        let p = g.hand_score()?.points;
        let mine = g.side_of(seat);
        Some(*p.get(mine)? as f64 - *p.get(mine ^ 1)? as f64)
    }

    fn seat(view: &ShelemView) -> Seat {
        view.seat
    }

    fn playouts(view: &ShelemView, budget: &Budget) -> u32 {
        if view.phase == ShelemPhase::Bidding {
            budget.playouts / BID_SHARE
        } else {
            budget.playouts
        }
    }

    fn candidates(
        view: &ShelemView,
        _belief: &ShelemBelief,
        legal: &[ShelemAction],
        rule: &ShelemAction,
        out: &mut [usize; MAX_CANDIDATES],
    ) -> usize {
        if view.phase != ShelemPhase::Bidding {
            return all_candidates(legal, out);
        }
        bid_candidates(legal, rule, EXTRA_LEVELS, out)
    }

    fn log_event(log: &mut Vec<ShelemEvent>, event: &ShelemEvent) {
        match event {
            ShelemEvent::Bid { .. } | ShelemEvent::Passed { redealt: false, .. } => {
                log.push(*event)
            }
            // A new deal (SH-4's redeal) or the auction over: the next auction starts
            // with an empty log.
            _ => log.clear(),
        }
    }

    fn likelihood(
        view: &ShelemView,
        _belief: &ShelemBelief,
        log: &[ShelemEvent],
        hidden: &ShelemHidden,
        _scratch: &mut Vec<ShelemAction>,
    ) -> f64 {
        if view.phase != ShelemPhase::Bidding || log.is_empty() {
            return 1.0;
        }
        auction_likelihood(view, log, hidden, EPS)
    }
}

/// The auction's candidates among `legal` (indices written into `out`, their number
/// returned): pass, the lowest bid allowed and the `extra` bids above it (SH-4's steps of
/// 5), and the rule bot's choice `rule`.
fn bid_candidates(
    legal: &[ShelemAction],
    rule: &ShelemAction,
    extra: u16,
    out: &mut [usize; MAX_CANDIDATES],
) -> usize {
    let lowest = legal
        .iter()
        .filter_map(|a| match a {
            ShelemAction::Bid(b) => Some(*b),
            _ => None,
        })
        .min();
    let mut n = 0;
    for (i, a) in legal.iter().enumerate() {
        let take = match (a, lowest) {
            (ShelemAction::Pass, _) => true,
            (ShelemAction::Bid(b), Some(lo)) => *b <= lo.saturating_add(5 * extra),
            _ => false,
        } || a == rule;
        if take && n < MAX_CANDIDATES {
            out[n] = i;
            n += 1;
        }
    }
    n
}

/// How likely the bids and passes of `log` (this auction so far, in order) are in the deal
/// `hidden` if the other seats bid like the rule bot: `eps` to the power of the other
/// seats' bids above what the rule bot would bid with their sampled hands
/// ([`bid_limit`]) and passes where it would have bid. The seat's own calls weigh nothing.
fn auction_likelihood(
    view: &ShelemView,
    log: &[ShelemEvent],
    hidden: &ShelemHidden,
    eps: f64,
) -> f64 {
    let opening = if view.players == 2 {
        70
    } else {
        view.settings.min_bid
    };
    let modes = modes(view);
    let mut high: Option<(Seat, u16)> = None;
    let mut w = 1.0;
    for e in log {
        let (seat, bid) = match *e {
            ShelemEvent::Bid { seat, points, .. } => (seat, Some(points)),
            ShelemEvent::Passed { seat, .. } => (seat, None),
            _ => continue,
        };
        if seat != view.seat {
            let hand = hidden.hands.get(seat.idx()).copied().unwrap_or_default();
            let lowest = high.map_or(opening, |(_, b)| b + 5);
            let limit = bid_limit(view, &modes, seat, hand, high);
            let explained = match bid {
                Some(b) => b <= limit,
                None => limit < lowest,
            };
            if !explained {
                w *= eps;
            }
        }
        if let Some(b) = bid {
            high = Some((seat, b));
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::super::pimc::testing::{duplicate, plays_and_repeats};
    use super::super::{Budget, HardGame};
    use crate::belief::{Belief, Sampler, ShelemBelief, ShelemSampler};
    use crate::Bot;
    use engine::games::shelem::{
        Shelem, ShelemAction, ShelemEvent, ShelemHidden, ShelemPhase, ShelemSettings, ShelemView,
    };
    use engine::{Deal, FromView, Game, Setup, Status};

    const SMALL: Budget = Budget {
        samples: 6,
        nodes: 0,
        playouts: 400,
    };

    fn hard(seed: u64) -> Box<dyn Bot<Shelem> + Send> {
        Shelem::hard_bot(seed, SMALL).unwrap()
    }

    fn easy(seed: u64) -> Box<dyn Bot<Shelem> + Send> {
        Box::new(crate::ShelemBot::new(seed))
    }

    /// Hard bots in every seat play only legal actions, and the same seeds and budget give
    /// the same hand, action for action.
    #[test]
    fn hard_bots_play_legal_cards_and_repeat_their_choices() {
        plays_and_repeats::<Shelem>(&[4, 2], &ShelemSettings::default(), hard);
    }

    /// The first bidder's view of the deal of `seed` at `players`, with its legal actions.
    fn first_bid(seed: u64, players: u8) -> (ShelemView, Vec<ShelemAction>) {
        let g = Shelem::new(&Setup {
            players,
            settings: ShelemSettings::default(),
            deal: Deal::seeded(seed),
        })
        .unwrap();
        let Status::Acting(s) = g.status() else {
            panic!("no one to bid")
        };
        let seat = s.first().unwrap();
        let mut legal = Vec::new();
        g.legal_actions(seat, &mut legal);
        (g.view(seat), legal)
    }

    /// The first deal from seed 1 up whose first bidder's rule estimate passes `keep`.
    fn find_deal(players: u8, keep: impl Fn(u16) -> bool) -> (ShelemView, Vec<ShelemAction>) {
        (1..2_000)
            .map(|seed| first_bid(seed, players))
            .find(|(v, _)| keep(crate::shelem::estimate(v)))
            .expect("a deal with such a hand")
    }

    /// SH-4: every bid the hard bot makes, in hands of hard bots in every seat at 4 players
    /// (minimum 80 and 100) and 2 players (from 70), is within the bids allowed then and on
    /// the 5-point steps.
    #[test]
    fn rule_sh_4_hard_bids_are_allowed_amounts_in_steps_of_five() {
        let mut bids = 0;
        for (players, min_bid) in [(4, 100), (4, 80), (2, 100)] {
            for seed in 1..4 {
                let mut g = Shelem::new(&Setup {
                    players,
                    settings: ShelemSettings {
                        min_bid,
                        ..ShelemSettings::default()
                    },
                    deal: Deal::seeded(seed),
                })
                .unwrap();
                let mut bots: Vec<_> = (0..players as u64).map(|s| hard(seed * 8 + s)).collect();
                let mut legal = Vec::new();
                while let Status::Acting(s) = g.status() {
                    let seat = s.first().unwrap();
                    legal.clear();
                    g.legal_actions(seat, &mut legal);
                    let v = g.view(seat);
                    let a = bots[seat.idx()].choose(&v, &legal);
                    if let ShelemAction::Bid(b) = a {
                        let (lo, hi) = v.bid_range.unwrap();
                        let opening = if players == 2 { 70 } else { min_bid };
                        assert!(
                            b >= lo && b <= hi && b >= opening,
                            "bid {b} not in {lo}..={hi}"
                        );
                        assert_eq!(b % 5, 0, "bid {b} off the 5-point steps");
                        bids += 1;
                    }
                    let e = g.apply(seat, &a).unwrap();
                    for bot in bots.iter_mut() {
                        bot.observe(&e);
                    }
                    if g.view(seat).phase != ShelemPhase::Bidding {
                        break; // the auction is over (or redealt: a new one is as good)
                    }
                }
            }
        }
        assert!(bids > 0, "no bid was made");
    }

    /// SH-4, SH-7: with the most hopeless hand of deals 1–300 (by the rule bot's estimate,
    /// well below the opening 100) the hard bot passes; with the strongest (well above it)
    /// it bids.
    #[test]
    fn rule_sh_4_passes_a_hopeless_hand_and_bids_a_very_strong_one() {
        let deals: Vec<_> = (1..300).map(|seed| first_bid(seed, 4)).collect();
        let est = |d: &&(ShelemView, Vec<ShelemAction>)| crate::shelem::estimate(&d.0);
        let (v, legal) = deals.iter().min_by_key(est).unwrap();
        assert!(crate::shelem::estimate(v) <= 80);
        assert_eq!(hard(3).choose(v, legal), ShelemAction::Pass, "{:?}", v.hand);
        let (v, legal) = deals.iter().max_by_key(est).unwrap();
        assert!(crate::shelem::estimate(v) >= 130);
        assert!(
            matches!(hard(3).choose(v, legal), ShelemAction::Bid(_)),
            "{:?}",
            v.hand
        );
    }

    /// The auction's search repeats for a seed (and budget), and reads only the seat's
    /// view: the same view of two deals that differ in the other hands and the widow gets
    /// the same call.
    #[test]
    fn the_auction_search_repeats_and_reads_only_the_view() {
        for players in [4, 2] {
            let (v, legal) = find_deal(players, |e| (95..=125).contains(&e));
            let a = hard(5).choose(&v, &legal);
            assert_eq!(hard(5).choose(&v, &legal), a, "{players} players");
            // Another deal with the same view: the other seats' cards moved around.
            let b = ShelemBelief::new(&v);
            let sampler = ShelemSampler::new(&v, &b).unwrap();
            let mut h = ShelemHidden::default();
            sampler.sample_hidden(&mut engine::Rng::new(77), &mut h);
            let other = Shelem::from_view(&v, &h, 9).unwrap();
            assert_eq!(other.view(v.seat), v);
            assert_eq!(hard(5).choose(&other.view(v.seat), &legal), a);
        }
    }

    /// The auction likelihood weighs a deal by the other seats' calls (as the rule bot
    /// would make them) and never by the seat's own.
    #[test]
    fn the_auction_likelihood_weighs_the_other_seats_calls_only() {
        let (v, _) = first_bid(3, 4);
        let b = ShelemBelief::new(&v);
        let sampler = ShelemSampler::new(&v, &b).unwrap();
        let mut h = ShelemHidden::default();
        sampler.sample_hidden(&mut engine::Rng::new(1), &mut h);
        let other = v.seat.next(4);
        let modes = crate::shelem::modes(&v);
        let limit = crate::shelem::bid_limit(&v, &modes, other, h.hands[other.idx()], None);
        let pass = ShelemEvent::Passed {
            seat: other,
            hakem: None,
            redealt: false,
        };
        let bid = ShelemEvent::Bid {
            seat: other,
            points: 100,
            hakem: None,
        };
        let (w_pass, w_bid) = (
            super::auction_likelihood(&v, &[pass], &h, 0.1),
            super::auction_likelihood(&v, &[bid], &h, 0.1),
        );
        if limit >= 100 {
            assert_eq!((w_pass, w_bid), (0.1, 1.0), "limit {limit}");
        } else {
            assert_eq!((w_pass, w_bid), (1.0, 0.1), "limit {limit}");
        }
        let mine = ShelemEvent::Bid {
            seat: v.seat,
            points: 165,
            hakem: None,
        };
        assert_eq!(super::auction_likelihood(&v, &[mine], &h, 0.1), 1.0);
    }

    /// Hard against easy, duplicate: the hard side scores more over a small fixed sample.
    #[test]
    fn hard_beats_easy_on_a_fixed_duplicate_sample() {
        let d = duplicate::<Shelem>(4, ShelemSettings::default(), 1..7, hard, easy, 1.0);
        assert!(d > 0.0, "hard minus easy: {d:+}");
    }
}
