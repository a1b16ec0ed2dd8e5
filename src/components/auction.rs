//! Shelem's auction (SH-4): the high bid and its bidder, and on the player's turn a grid of
//! every legal bid (from the lowest up to the points in play, in steps of 5) and a pass.

use crate::cls;
use crate::i18n::{fill, Lang};
use engine::games::shelem::PlateBid;
use yew::prelude::*;

/// The bids a seat may make, from the range the engine gives it (`bid_range`: the lowest
/// and highest bid allowed now): every multiple of 5 from the lowest up. Empty without a
/// range (not this seat's turn to bid).
pub fn bid_choices(range: Option<(u16, u16)>) -> Vec<u16> {
    let Some((lo, hi)) = range else {
        return Vec::new();
    };
    // The engine's lowest bid is a multiple of 5; round up anyway, so no button is refused.
    let first = lo.div_ceil(5) * 5;
    (first..=hi).step_by(5).collect()
}

pub struct AuctionProps {
    /// The high bid so far: its bidder's name and the points.
    pub high: Option<(AttrValue, u16)>,
    /// The bids the player may make now (empty when it is not their turn).
    pub choices: Vec<u16>,
    /// The points in play: a bid of all of them is called shelem.
    pub total: u16,
    /// Every other seat's name and its last bid (`None`: passed), in turn order from the
    /// player; listed in the panel on a phone, where the panel covers the side seats.
    pub bids: Vec<(AttrValue, Option<u16>)>,
    /// It is the player's turn: show the bid buttons and the pass.
    pub my_turn: bool,
    /// Whose turn it is, in words, when it is not the player's.
    pub waiting: Option<AttrValue>,
    /// Everybody passed last time and the cards were dealt again.
    pub redealt: bool,
    pub on_bid: Callback<u16>,
    pub on_pass: Callback<()>,
}

/// The auction panel in the middle of the table.
pub fn auction(lang: Lang, props: &AuctionProps) -> Html {
    let sh = lang.shelem();
    // A bid of every point in play is called shelem.
    let bid_text = |n: u16| {
        if n == props.total {
            fill(sh.bid_shelem, &[("n", &lang.num(n))])
        } else {
            lang.num(n)
        }
    };
    let high = match &props.high {
        Some((name, n)) => fill(sh.high_bid, &[("n", &bid_text(*n)), ("name", name)]),
        None => sh.no_bid_yet.to_string(),
    };
    let on_pass = props.on_pass.reform(|_: MouseEvent| ());
    html! {
        <section class={cls!("panel", "auction", props.my_turn.then_some("mine"))}
            data-testid="auction" aria-labelledby="auction-title">
            <h2 id="auction-title">{ sh.auction }</h2>
            <p class="high-bid" data-testid="high-bid"
                data-value={props.high.as_ref().map(|h| h.1.to_string()).unwrap_or_default()}>
                { high }
            </p>
            if !props.bids.is_empty() {
                <ul class="auction-bids" data-testid="auction-bids" role="list">
                    { for props.bids.iter().map(|(name, bid)| html! {
                        <li class={cls!(bid.is_none().then_some("passed"))}>
                            <span class="bidder">{ name.clone() }</span>{ ": " }
                            { match bid { Some(n) => bid_text(*n), None => sh.passed.to_string() } }
                        </li>
                    }) }
                </ul>
            }
            if props.redealt {
                <p class="help redealt" data-testid="redealt">{ sh.redealt }</p>
            }
            if props.my_turn {
                <p class="help auction-help">{ sh.auction_help }</p>
                <div class="bid-grid" role="group" aria-label={sh.auction}>
                    { for props.choices.iter().map(|&n| {
                        let onclick = props.on_bid.reform(move |_: MouseEvent| n);
                        html! {
                            <button type="button" class={cls!("bid-btn", (n == props.total).then_some("bid-shelem"))}
                                data-testid={format!("bid-{n}")} data-bid={n.to_string()}
                                aria-label={fill(sh.bid_n, &[("n", &bid_text(n))])} {onclick}>
                                { bid_text(n) }
                            </button>
                        }
                    }) }
                </div>
                <button type="button" class="btn btn-secondary bid-pass" data-testid="bid-pass"
                    onclick={on_pass}>
                    { sh.pass }
                </button>
            } else if let Some(w) = &props.waiting {
                <p class="auction-waiting">{ w.clone() }</p>
            }
        </section>
    }
}

/// A seat's bid on its plate (its last bid, or that it passed), SH-4.
pub fn plate_bid(lang: Lang, bid: PlateBid) -> Html {
    match bid {
        PlateBid::Bid(b) => html! {
            <span class="seat-bid" data-testid="seat-bid" data-bid={b.to_string()}>
                { lang.num(b) }
            </span>
        },
        PlateBid::Passed => html! {
            <span class="seat-bid passed" data-testid="seat-bid" data-bid="pass">
                { lang.shelem().passed }
            </span>
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bids_run_from_the_lowest_to_the_total_in_fives() {
        assert_eq!(bid_choices(None), Vec::<u16>::new());
        let four = bid_choices(Some((100, 165)));
        assert_eq!(four.first(), Some(&100));
        assert_eq!(four.last(), Some(&165));
        assert_eq!(four.len(), 14);
        assert!(four.windows(2).all(|w| w[1] == w[0] + 5));
        // Two players (SH-10) open at 70; with jokers the total is 200.
        assert_eq!(bid_choices(Some((70, 200))).len(), 27);
        // Only the total is left: one button.
        assert_eq!(bid_choices(Some((165, 165))), vec![165]);
        // Nothing above the total.
        assert_eq!(bid_choices(Some((170, 165))), Vec::<u16>::new());
    }

    #[test]
    fn bids_follow_the_engine() {
        use engine::games::shelem::{Shelem, ShelemAction, ShelemSettings};
        use engine::{Deal, Game, Seat, Setup};
        for players in [2u8, 4] {
            for jokers in [false, true] {
                let setup = Setup {
                    players,
                    settings: ShelemSettings {
                        jokers,
                        ..ShelemSettings::default()
                    },
                    deal: Deal::seeded(3),
                };
                let mut g = Shelem::new(&setup).unwrap();
                // A few bids in, the buttons are exactly the engine's legal bids.
                for _ in 0..3 {
                    let seat = g.turn().unwrap_or(Seat(0));
                    let view = g.view(seat);
                    let mut legal = Vec::new();
                    g.legal_actions(seat, &mut legal);
                    let bids: Vec<u16> = legal
                        .iter()
                        .filter_map(|a| match a {
                            ShelemAction::Bid(n) => Some(*n),
                            _ => None,
                        })
                        .collect();
                    assert_eq!(bid_choices(view.bid_range), bids);
                    g.apply(seat, &ShelemAction::Bid(bids[0])).unwrap();
                }
            }
        }
    }
}
