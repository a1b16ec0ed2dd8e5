//! The cards in the middle of the table, each in front of the player who played it.

use crate::components::card::card_svg;
use crate::seen::Pos;

use crate::cls;
use crate::i18n::{card_label, Lang};
use engine::{Card, Seat};
use yew::prelude::*;

pub struct TrickViewProps {
    /// The cards, in play order, with who played them and where that seat is drawn.
    pub cards: Vec<(Seat, Pos, Card)>,
    /// The trick is being gathered toward this winner's side.
    pub collect_to: Option<Pos>,
    /// The seat that took the trick (its card is highlighted).
    pub winner: Option<Seat>,
    /// A caption under the cards (who took it).
    pub caption: Option<AttrValue>,
    pub review: bool,
}

/// Up to four cards around the centre, each in its player's slot from the moment it is
/// played until the trick is gathered.
pub fn trick_view(lang: Lang, props: &TrickViewProps) -> Html {
    let class = cls!(
        "trick",
        props
            .collect_to
            .map(|p| format!("collect collect-{}", p.name())),
        props.review.then_some("review")
    );
    html! {
        <div {class} data-testid="trick" role="list" aria-label={lang.s().trick_label}>
            { for props.cards.iter().enumerate().map(|(i, &(seat, pos, card))| {
                let win = props.winner == Some(seat);
                // Keyed by who played what where: a card's element is never reused for
                // another card or another seat's slot, so no card slides across the table
                // when the next trick starts or a card joins this one.
                let key = format!("{}-{}-{}", seat.0, card, pos.name());
                html! {
                    <div {key} class={cls!("trick-card", format!("at-{}", pos.name()), win.then_some("winner"))}
                        role="listitem" aria-label={card_label(lang, card)}
                        data-card={card.to_string()} data-seat={seat.0.to_string()}
                        style={format!("z-index: {}", i + 1)}>
                        { card_svg(Some(card)) }
                    </div>
                }
            }) }
            if let Some(c) = &props.caption {
                <p class="trick-caption" aria-live="polite">{ c.clone() }</p>
            }
        </div>
    }
}
