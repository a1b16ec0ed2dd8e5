//! What the hand replay needs of each game: every seat's cards, the middle of the table and
//! the words of each step ([`Replay`]). A game's page carries only its own implementation.

use super::{Middle, Replay, Step, Words};
use crate::card_order::{sort_bag, sort_hand};
use crate::i18n::{suit_name, suit_symbol, trump_name, Lang};
use engine::games::bidel::{Bidel, BidelAction, BidelEvent, BidelTrump};
use engine::games::crazy_eights::{CrazyEights, CrazyEightsAfter, CrazyEightsEvent};
use engine::games::haft_khabis::{HaftKhabis, HaftKhabisAfter, HaftKhabisEvent};
use engine::games::hokm::{Hokm, HokmAction, HokmEvent, Trump};
use engine::games::pasur::{pasur_value, Pasur, PasurEvent};
use engine::games::shelem::{Shelem, ShelemAction, ShelemEvent};
use engine::{Card, CardBag, CardSet, Game, Seat, Suit};

/// Face-up cards of a one-deck hand, none set apart.
fn plain(hand: CardSet) -> Vec<(Card, bool)> {
    sort_hand(hand).into_iter().map(|c| (c, false)).collect()
}

/// Face-up cards of a hand that may hold two decks.
fn bag(hand: CardBag) -> Vec<(Card, bool)> {
    sort_bag(hand)
        .into_iter()
        .map(|(c, _)| (c, false))
        .collect()
}

/// The cards of a trick with who played each: the leader's first, then in turn order.
fn trick_of(leader: Seat, cards: &[Card], players: u8) -> Vec<(Seat, Card)> {
    let n = players.max(1);
    cards
        .iter()
        .enumerate()
        .map(|(i, &c)| (Seat(((leader.0 as usize + i) % n as usize) as u8), c))
        .collect()
}

/// The trick in progress, else the trick just completed with its winner.
fn trick_middle(current: &[(Seat, Card)], last: Option<(Vec<(Seat, Card)>, Seat)>) -> Middle {
    match last {
        _ if !current.is_empty() => Middle::Trick {
            cards: current.to_vec(),
            winner: None,
        },
        Some((cards, winner)) => Middle::Trick {
            cards,
            winner: Some(winner),
        },
        None => Middle::Empty,
    }
}

/// "Trump: hearts" once named.
fn trump_note(lang: Lang, trump: Option<Trump>) -> Vec<String> {
    trump
        .map(|t| format!("{}: {}", lang.s().trump, trump_name(lang, t)))
        .into_iter()
        .collect()
}

/// A suit as a caption names it: "♥ hearts" / «دل».
fn suit_text(lang: Lang, suit: Suit) -> String {
    match lang {
        Lang::En => format!("{} {}", suit_symbol(suit), suit_name(lang, suit)),
        Lang::Fa => suit_name(lang, suit).to_string(),
    }
}

/// "{name} played {card}", and the trick's winner when the card completed it.
fn played(w: &Words, seat: Seat, card: Card, winner: Option<Seat>) -> Vec<String> {
    let r = w.lang.replay();
    let mut parts = vec![w.about(seat, r.played, r.played_you, &[("card", &w.card(card))])];
    if let Some(winner) = winner {
        parts.push(w.trick_to(winner));
    }
    parts
}

impl Replay for Hokm {
    fn cards_of(&self, seat: Seat) -> Vec<(Card, bool)> {
        plain(self.view(seat).hand)
    }

    fn middle(&self) -> Middle {
        let v = self.view(Seat(0));
        let last = v
            .last_trick
            .map(|t| (trick_of(t.leader, &t.cards, v.players), t.winner));
        trick_middle(&v.trick, last)
    }

    fn notes(&self, w: &Words) -> Vec<String> {
        trump_note(w.lang, self.view(Seat(0)).trump)
    }

    fn caption(w: &Words, before: &Hokm, after: &Hokm, step: &Step<Hokm>) -> String {
        let r = w.lang.replay();
        let seat = step.seat;
        let parts = match (step.event, step.action) {
            (HokmEvent::TrumpChosen { hakem, trump }, _) => vec![w.about(
                hakem,
                r.trump,
                r.trump_you,
                &[("trump", &trump_name(w.lang, trump))],
            )],
            (HokmEvent::Redealt { hakem }, _) => {
                vec![w.about(hakem, r.redeal, r.redeal_you, &[])]
            }
            (HokmEvent::Discarded { .. }, HokmAction::Discard(card)) => {
                vec![w.about(
                    seat,
                    r.discarded,
                    r.discarded_you,
                    &[("card", &w.card(card))],
                )]
            }
            (HokmEvent::Drew { .. }, action) => {
                // HK-13: the top card was seen; the one kept went to the hand, the other
                // was discarded face down.
                let (b, a) = (before.view(seat), after.view(seat));
                let kept = a.hand.minus(b.hand);
                let gone = a.discards.minus(b.discards);
                let (card, other, theirs, yours) = if action == HokmAction::Keep {
                    (kept, gone, r.kept, r.kept_you)
                } else {
                    (gone, kept, r.took_next, r.took_next_you)
                };
                vec![w.about(
                    seat,
                    theirs,
                    yours,
                    &[("card", &w.cards(card)), ("other", &w.cards(other))],
                )]
            }
            (
                HokmEvent::Played {
                    seat, card, trick, ..
                },
                _,
            ) => played(w, seat, card, trick.map(|t| t.winner)),
            _ => vec![w.name(step.seat).to_string()],
        };
        w.join(parts)
    }
}

impl Replay for Shelem {
    fn cards_of(&self, seat: Seat) -> Vec<(Card, bool)> {
        plain(self.view(seat).hand)
    }

    fn middle(&self) -> Middle {
        let v = self.view(Seat(0));
        let last = v
            .last_trick
            .map(|t| (trick_of(t.leader, t.cards.as_slice(), v.players), t.winner));
        trick_middle(&v.trick, last)
    }

    fn notes(&self, w: &Words) -> Vec<String> {
        let v = self.view(Seat(0));
        let mut notes = Vec::new();
        if let Some((seat, bid)) = v.bid {
            notes.push(w.fill(
                w.lang.shelem().contract,
                &[("n", &w.lang.num(bid)), ("name", &w.object(seat))],
            ));
        }
        notes.extend(trump_note(w.lang, v.trump));
        notes
    }

    fn caption(w: &Words, _before: &Shelem, _after: &Shelem, step: &Step<Shelem>) -> String {
        let r = w.lang.replay();
        let hakem = |h: Option<Seat>| h.map(|h| w.about(h, r.hakem, r.hakem_you, &[]));
        let parts = match (step.event, step.action) {
            (
                ShelemEvent::Bid {
                    seat,
                    points,
                    hakem: h,
                },
                _,
            ) => {
                let mut p = vec![w.about(seat, r.bid, r.bid_you, &[("n", &w.lang.num(points))])];
                p.extend(hakem(h));
                p
            }
            (
                ShelemEvent::Passed {
                    seat,
                    hakem: h,
                    redealt,
                },
                _,
            ) => {
                let mut p = vec![w.about(seat, r.passed, r.passed_you, &[])];
                p.extend(hakem(h));
                if redealt {
                    p.push(r.all_passed.to_string());
                }
                p
            }
            (ShelemEvent::Discarded { hakem, .. }, ShelemAction::Discard(card)) => {
                vec![w.about(
                    hakem,
                    r.discarded,
                    r.discarded_you,
                    &[("card", &w.card(card))],
                )]
            }
            (ShelemEvent::TrumpChosen { hakem, trump }, _) => vec![w.about(
                hakem,
                r.trump,
                r.trump_you,
                &[("trump", &trump_name(w.lang, trump))],
            )],
            (
                ShelemEvent::Played {
                    seat,
                    card,
                    suit,
                    trick,
                    ..
                },
                _,
            ) => {
                let mut p = match suit {
                    Some(suit) => vec![w.about(
                        seat,
                        r.played_suit,
                        r.played_suit_you,
                        &[("card", &w.card(card)), ("suit", &suit_text(w.lang, suit))],
                    )],
                    None => played(w, seat, card, None),
                };
                p.extend(trick.map(|t| w.trick_to(t.winner)));
                p
            }
            _ => vec![w.name(step.seat).to_string()],
        };
        w.join(parts)
    }
}

impl Replay for Bidel {
    fn cards_of(&self, seat: Seat) -> Vec<(Card, bool)> {
        let v = self.view(seat);
        let mut cards: Vec<(Card, bool)> = sort_hand(v.hand.or(v.picked))
            .into_iter()
            .map(|c| (c, v.picked.contains(c)))
            .collect();
        cards.sort_by_key(|&(_, picked)| picked);
        cards
    }

    fn middle(&self) -> Middle {
        let v = self.view(Seat(0));
        let last = v
            .last_trick
            .map(|t| (trick_of(t.leader, t.cards.as_slice(), v.players), t.winner));
        trick_middle(&v.trick, last)
    }

    fn notes(&self, w: &Words) -> Vec<String> {
        let lang = w.lang;
        match self.view(Seat(0)).trump {
            Some(BidelTrump::Suit(s)) => trump_note(lang, Some(Trump::Suit(s))),
            Some(BidelTrump::NoTrump) => vec![lang.s().no_trump.to_string()],
            None => Vec::new(),
        }
    }

    fn caption(w: &Words, _before: &Bidel, _after: &Bidel, step: &Step<Bidel>) -> String {
        let r = w.lang.replay();
        let parts = match (step.event, step.action) {
            (BidelEvent::TrumpChosen { hakem, trump }, _) => {
                let name = match trump {
                    BidelTrump::Suit(s) => trump_name(w.lang, Trump::Suit(s)),
                    BidelTrump::NoTrump => w.lang.s().no_trump.to_string(),
                };
                vec![w.about(hakem, r.trump, r.trump_you, &[("trump", &name)])]
            }
            (
                BidelEvent::PassPicked {
                    seat, exchanged, ..
                },
                BidelAction::Pass(card),
            ) => {
                let mut p = vec![w.about(
                    seat,
                    r.pass_pick,
                    r.pass_pick_you,
                    &[("card", &w.card(card))],
                )];
                if exchanged {
                    p.push(r.exchanged.to_string());
                }
                p
            }
            (
                BidelEvent::Played {
                    seat, card, trick, ..
                },
                _,
            ) => played(w, seat, card, trick.map(|t| t.winner)),
            _ => vec![w.name(step.seat).to_string()],
        };
        w.join(parts)
    }
}

impl Replay for Pasur {
    fn cards_of(&self, seat: Seat) -> Vec<(Card, bool)> {
        plain(self.view(seat).hand)
    }

    fn middle(&self) -> Middle {
        let v = self.view(Seat(0));
        let mut cards: Vec<Card> = v.table.iter().collect();
        cards.sort_by_key(|&c| (pasur_value(c), c.suit() as u8));
        Middle::Table {
            cards,
            stock: v.stock,
        }
    }

    fn caption(w: &Words, before: &Pasur, after: &Pasur, step: &Step<Pasur>) -> String {
        let r = w.lang.replay();
        let PasurEvent::Played {
            seat,
            card,
            took,
            sur,
            dealt,
            round_over,
        } = step.event;
        let c = w.card(card);
        let mut parts = vec![if took.is_empty() {
            let p = w.lang.pasur();
            w.about(seat, p.last_laid, p.last_laid_you, &[("card", &c)])
        } else {
            let mut cards: Vec<Card> = took.iter().collect();
            cards.sort_by_key(|&c| (pasur_value(c), c.suit() as u8));
            w.about(
                seat,
                r.took,
                r.took_you,
                &[("card", &c), ("cards", &w.cards(cards))],
            )
        }];
        if sur {
            parts.push(r.sur.to_string());
        }
        if round_over {
            // PA-6: the cards left on the table go to the last side that captured.
            let b = before.view(seat);
            let table = if took.is_empty() {
                b.table.or(card.bit())
            } else {
                b.table.minus(took)
            };
            let last = if took.is_empty() {
                after.view(seat).last_capture.or(b.last_capture)
            } else {
                Some(seat)
            };
            let p = w.lang.pasur();
            let n = table.len();
            parts.push(match last {
                _ if n == 0 => p.last_cards_none.to_string(),
                Some(to) if n == 1 => w.about(to, p.last_card_one, p.last_card_one_you, &[]),
                Some(to) => w.about(to, p.last_cards, p.last_cards_you, &[("n", &w.lang.num(n))]),
                None => String::new(),
            });
        } else if dealt {
            parts.push(r.dealt_more.to_string());
        }
        w.join(parts)
    }
}

/// The cards `seat` gained between two states of a shedding game.
fn gained(before: CardBag, after: CardBag) -> Vec<Card> {
    let mut out = Vec::new();
    for c in sort_hand(after.distinct()) {
        for _ in before.count(c)..after.count(c) {
            out.push(c);
        }
    }
    out
}

/// "{name} drew …": the cards themselves once the hand is over, else their number.
fn drew(w: &Words, seat: Seat, cards: &[Card], count: u8) -> String {
    let r = w.lang.replay();
    let what = if cards.is_empty() {
        w.fill(w.lang.s().cards_n, &[("n", &w.lang.num(count))])
    } else {
        w.cards(cards.iter().copied())
    };
    w.about(seat, r.drew, r.drew_you, &[("cards", &what)])
}

/// A play of a shedding game: the cards, the suit named or the player named (a two in
/// Haft Khabis), the last card declared.
fn shed(
    w: &Words,
    seat: Seat,
    cards: &[Card],
    suit: Option<Suit>,
    target: Option<Seat>,
    declared: bool,
) -> Vec<String> {
    let r = w.lang.replay();
    let card = w.cards(cards.iter().copied());
    let mut parts = vec![match (suit, target) {
        (Some(suit), _) => w.about(
            seat,
            r.played_suit,
            r.played_suit_you,
            &[("card", &card), ("suit", &suit_text(w.lang, suit))],
        ),
        (None, Some(t)) => w.about(
            seat,
            r.played_named,
            r.played_named_you,
            &[("card", &card), ("target", &w.object(t))],
        ),
        (None, None) => w.about(seat, r.played, r.played_you, &[("card", &card)]),
    }];
    if declared {
        parts.push(w.lang.shedding().last_card.to_string());
    }
    parts
}

/// The pile in the middle of a shedding game.
fn pile(top: Option<Card>, suit: Option<Suit>, stock: u8) -> Middle {
    Middle::Pile { top, suit, stock }
}

/// The named suit and a pending penalty, beside the pile.
fn shedding_notes(lang: Lang, suit: Option<Suit>, pending: u8) -> Vec<String> {
    let t = lang.shedding();
    let mut notes = Vec::new();
    if let Some(suit) = suit {
        notes.push(format!("{}: {}", t.current_suit, suit_text(lang, suit)));
    }
    if pending > 0 {
        notes.push(w_fill(t.pending_n, &lang.num(pending)));
    }
    notes
}

fn w_fill(template: &str, n: &str) -> String {
    crate::i18n::fill(template, &[("n", n)])
}

impl Replay for CrazyEights {
    fn cards_of(&self, seat: Seat) -> Vec<(Card, bool)> {
        bag(self.view(seat).hand)
    }

    fn middle(&self) -> Middle {
        let v = self.view(Seat(0));
        pile(v.top, v.named_suit, v.stock)
    }

    fn notes(&self, w: &Words) -> Vec<String> {
        let v = self.view(Seat(0));
        shedding_notes(w.lang, v.named_suit, v.pending_draw)
    }

    fn caption(
        w: &Words,
        before: &CrazyEights,
        after: &CrazyEights,
        step: &Step<CrazyEights>,
    ) -> String {
        let r = w.lang.replay();
        let t = w.lang.shedding();
        let hand = |g: &CrazyEights, s: Seat| g.view(s).hand;
        let then = |parts: &mut Vec<String>, a: CrazyEightsAfter| {
            if let Some((s, n)) = a.last_card_penalty {
                parts.push(w.about(s, t.forgot, t.forgot_you, &[("n", &w.lang.num(n))]));
            }
            if let Some((s, n)) = a.forced_draw {
                parts.push(drew(w, s, &gained(hand(before, s), hand(after, s)), n));
            }
            if a.reshuffled {
                parts.push(r.reshuffled.to_string());
            }
            if a.blocked {
                parts.push(r.blocked.to_string());
            }
        };
        let mut parts = Vec::new();
        match step.event {
            CrazyEightsEvent::Played {
                seat,
                cards,
                suit,
                declared,
                out,
                then: a,
            } => {
                parts = shed(w, seat, cards.as_slice(), suit, None, declared);
                if out {
                    parts.push(w.about(seat, t.went_out, t.went_out_you, &[]));
                }
                then(&mut parts, a);
            }
            CrazyEightsEvent::Drew {
                seat,
                count,
                then: a,
                ..
            } => {
                parts.push(drew(
                    w,
                    seat,
                    &gained(hand(before, seat), hand(after, seat)),
                    count,
                ));
                then(&mut parts, a);
            }
            CrazyEightsEvent::Passed { seat, then: a } => {
                parts.push(w.about(seat, r.passed, r.passed_you, &[]));
                then(&mut parts, a);
            }
            CrazyEightsEvent::SuitNamed { seat, suit } => parts.push(w.about(
                seat,
                r.named_suit,
                r.named_suit_you,
                &[("suit", &suit_text(w.lang, suit))],
            )),
        }
        w.join(parts)
    }
}

impl Replay for HaftKhabis {
    fn cards_of(&self, seat: Seat) -> Vec<(Card, bool)> {
        bag(self.view(seat).hand)
    }

    fn middle(&self) -> Middle {
        let v = self.view(Seat(0));
        pile(v.top, v.named_suit, v.stock)
    }

    fn notes(&self, w: &Words) -> Vec<String> {
        let v = self.view(Seat(0));
        shedding_notes(w.lang, v.named_suit, v.pending_draw)
    }

    fn caption(
        w: &Words,
        before: &HaftKhabis,
        after: &HaftKhabis,
        step: &Step<HaftKhabis>,
    ) -> String {
        let r = w.lang.replay();
        let t = w.lang.shedding();
        let hand = |g: &HaftKhabis, s: Seat| g.view(s).hand;
        let actor = step.seat;
        let then = |parts: &mut Vec<String>, a: HaftKhabisAfter| {
            if let Some((s, n)) = a.last_card_penalty {
                parts.push(w.about(s, t.forgot, t.forgot_you, &[("n", &w.lang.num(n))]));
            }
            if a.reshuffled {
                parts.push(r.reshuffled.to_string());
            }
            if let Some(s) = a.finished.filter(|&s| s != actor) {
                parts.push(w.about(s, t.went_out, t.went_out_you, &[]));
            }
            if a.blocked {
                parts.push(r.blocked.to_string());
            }
        };
        let named = |parts: &mut Vec<String>, seat: Seat, target: Seat, gave: bool| {
            parts.push(w.about(seat, r.named, r.named_you, &[("target", &w.object(target))]));
            if gave {
                parts.push(w.fill(r.gave, &[("target", &w.object(target))]));
            }
        };
        let mut parts = Vec::new();
        match step.event {
            HaftKhabisEvent::Played {
                seat,
                card,
                suit,
                target,
                gave,
                declared,
                emptied,
                then: a,
            } => {
                parts = shed(w, seat, &[card], suit, target, declared);
                if let (Some(target), true) = (target, gave) {
                    parts.push(w.fill(r.gave, &[("target", &w.object(target))]));
                }
                if emptied || a.finished == Some(seat) {
                    parts.push(w.about(seat, t.went_out, t.went_out_you, &[]));
                }
                then(&mut parts, a);
            }
            HaftKhabisEvent::Drew {
                seat,
                count,
                declared,
                then: a,
                ..
            } => {
                parts.push(drew(
                    w,
                    seat,
                    &gained(hand(before, seat), hand(after, seat)),
                    count,
                ));
                if declared {
                    parts.push(t.last_card.to_string());
                }
                then(&mut parts, a);
            }
            HaftKhabisEvent::Passed { seat, then: a } => {
                parts.push(w.about(seat, r.passed, r.passed_you, &[]));
                then(&mut parts, a);
            }
            HaftKhabisEvent::Named {
                seat,
                target,
                gave,
                then: a,
            } => {
                named(&mut parts, seat, target, gave);
                then(&mut parts, a);
            }
        }
        w.join(parts)
    }
}
