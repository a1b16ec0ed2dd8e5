//! HK-2: the face-up cards dealt to find the first hakem (and, with the setting, the
//! hakem's partner), shown at the start of a match.

use crate::cls;
use crate::components::card::mini_card;
use crate::i18n::{about, fill, Lang};
use engine::{Card, Rank, Seat};
use yew::prelude::*;

pub struct DrawPanelProps {
    /// The cards in the order dealt, with the seat (before any swap) that received each.
    pub draw: Vec<(Seat, Card)>,
    /// Names by seat at the time of the draw.
    pub names: Vec<AttrValue>,
    pub hakem: Seat,
    /// The seats whose players swapped, the second ace's receiver first.
    pub swap: Option<(Seat, Seat)>,
    /// The setting "partners by the second ace" is on.
    pub second_ace: bool,
    pub on_close: Callback<()>,
}

/// The draw, one row per player in dealing order, aces highlighted.
pub fn draw_panel(lang: Lang, props: &DrawPanelProps) -> Html {
    let s = lang.hokm();
    let mut order: Vec<Seat> = Vec::new();
    for (seat, _) in &props.draw {
        if !order.contains(seat) {
            order.push(*seat);
        }
    }
    let hakem_name = props.names[props.hakem.idx()].to_string();
    let partner_line = if let Some((a, b)) = props.swap {
        Some(fill(
            s.draw_swap,
            &[("a", &props.names[a.idx()]), ("b", &props.names[b.idx()])],
        ))
    } else if props.second_ace {
        props
            .draw
            .iter()
            .rev()
            .find(|(seat, c)| c.rank() == Rank::ACE && *seat != props.hakem)
            .map(|(seat, _)| fill(s.draw_partner, &[("a", &props.names[seat.idx()])]))
    } else {
        None
    };
    let onclick = props.on_close.reform(|_: MouseEvent| ());
    html! {
        <section class="panel draw-panel" data-testid="hakem-draw" aria-labelledby="draw-title">
            <h2 id="draw-title">{ s.draw_title }</h2>
            <div class="draw-rows">
                { for order.iter().map(|&seat| html! {
                    <div class={cls!("draw-row", (seat == props.hakem).then_some("hakem"))}>
                        <span class="draw-name">{ props.names[seat.idx()].clone() }</span>
                        <span class="mini-cards" dir="ltr">
                            { for props.draw.iter().filter(|(s, _)| *s == seat).map(|&(_, c)| html! {
                                { mini_card(lang, c, c.rank() == Rank::ACE) }
                            }) }
                        </span>
                    </div>
                }) }
            </div>
            <p class="draw-result">{ about(lang, &hakem_name, s.draw_hakem, s.draw_hakem_you, &[]) }</p>
            if let Some(line) = partner_line { <p class="draw-result">{ line }</p> }
            <button type="button" class="btn" data-testid="draw-ok" {onclick}>{ lang.site().ok }</button>
        </section>
    }
}
