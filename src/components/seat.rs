//! The players around the table: where each seat is drawn, name plates with the hakem's
//! crown and the trump badge, and the backs of the cards they hold.

use crate::cls;
use crate::components::card::{card_svg_text, suit_shape};
use crate::i18n::{fill, trump_name, Lang};
use crate::seen::Pos;
use engine::games::hokm::Trump;
use engine::Seat;
use yew::prelude::*;

/// The hakem's crown (markup text: it is only shown).
pub fn crown(lang: Lang) -> Html {
    let hakem = lang.s().hakem;
    Html::from_html_unchecked(
        format!(
            concat!(
                r#"<span class="crown" data-testid="hakem-crown" role="img" aria-label="{h}" title="{h}">"#,
                r#"<svg viewBox="0 0 24 20" aria-hidden="true" focusable="false">"#,
                r##"<path d="M2 17 L3.5 5 L8.5 10 L12 2 L15.5 10 L20.5 5 L22 17 Z" fill="#f2c14e" stroke="#7a5a12" stroke-width="1.2" stroke-linejoin="round"/>"##,
                r##"<rect x="2" y="17" width="20" height="2.5" rx="1" fill="#d9a521"/></svg></span>"##
            ),
            h = hakem
        )
        .into(),
    )
}

/// Who the table waits for (the hakem's trump, the discards, the pass), in words, with the
/// hakem's crown when `crown`.
pub fn waiting(lang: Lang, testid: Option<&'static str>, with_crown: bool, text: String) -> Html {
    html! {
        <div class="waiting-trump" data-testid={testid}>
            if with_crown { { crown(lang) } }
            <p>{ text }</p>
        </div>
    }
}

/// The trump suit (a symbol and its name; the name only `with_name`) or the no-trump mode's
/// name.
pub fn trump_badge(
    lang: Lang,
    trump: Option<Trump>,
    with_name: bool,
    testid: Option<&'static str>,
) -> Html {
    let s = lang.s();
    let data = trump.map(|t| t.name()).unwrap_or_default();
    let (icon, name) = match trump {
        Some(Trump::Suit(suit)) => (
            html! {
                <svg class="suit-icon" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
                    { suit_shape(suit, 50.0, 50.0, 88.0, false) }
                </svg>
            },
            trump_name(lang, Trump::Suit(suit)),
        ),
        Some(t) => (Html::default(), trump_name(lang, t)),
        None => (Html::default(), s.trump_not_chosen.to_string()),
    };
    let mode = matches!(trump, Some(t) if t.suit().is_none());
    html! {
        <span class={cls!("trump-badge", mode.then_some("mode"), trump.is_none().then_some("unset"))}
            data-testid={testid} data-trump={data}
            title={format!("{}: {}", s.trump, name)}>
            { icon }
            if with_name || trump.is_none() || mode {
                <span class="trump-name">{ name }</span>
            }
        </span>
    }
}

pub struct SeatViewProps {
    pub seat: Seat,
    pub pos: Pos,
    pub name: AttrValue,
    /// Cards in hand.
    pub count: u8,
    pub is_hakem: bool,
    pub is_turn: bool,
    /// Trump, shown beside the hakem (HK-4, HK-12).
    pub trump: Option<Trump>,
    /// Show card backs (not for the bottom seat, whose cards are shown face up).
    pub backs: bool,
    /// Game-specific marks on the name plate (a bid, points taken, a wild rank …).
    pub children: Html,
}

/// A player around the table: name plate and card backs.
pub fn seat_view(lang: Lang, props: &SeatViewProps) -> Html {
    let s = lang.s();
    let count_text = fill(s.cards_n, &[("n", &lang.num(props.count))]);
    let shown = props.count.min(5) as usize;
    let class = cls!(
        "seat",
        format!("pos-{}", props.pos.name()),
        props.is_turn.then_some("is-turn"),
        props.is_hakem.then_some("is-hakem")
    );
    html! {
        <div {class} data-testid={format!("seat-{}", props.pos.name())}
            data-seat={props.seat.0.to_string()} data-count={props.count.to_string()}>
            <div class="plate">
                if props.is_hakem { { crown(lang) } }
                <span class="seat-name">{ props.name.clone() }</span>
                if props.is_hakem && props.trump.is_some() {
                    { trump_badge(lang, props.trump, false, None) }
                }
                { props.children.clone() }
            </div>
            if props.backs {
                <div class="backs" role="img" aria-label={format!("{}: {}", props.name, count_text)}>
                    <span class="back-fan" aria-hidden="true">
                        { Html::from_html_unchecked(card_svg_text(None).repeat(shown).into()) }
                    </span>
                    <span class="count" aria-hidden="true">{ lang.num(props.count) }</span>
                </div>
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // rule C-2
    #[test]
    fn next_seat_is_on_the_right() {
        let b = Seat(2);
        assert_eq!(Pos::of(Seat(2), b, 4, false), Pos::Bottom);
        assert_eq!(Pos::of(Seat(3), b, 4, false), Pos::Right);
        assert_eq!(Pos::of(Seat(0), b, 4, false), Pos::Top);
        assert_eq!(Pos::of(Seat(1), b, 4, false), Pos::Left);
        assert_eq!(Pos::of(Seat(0), b, 3, false), Pos::Right);
        assert_eq!(Pos::of(Seat(1), b, 3, false), Pos::Left);
        assert_eq!(Pos::of(Seat(0), Seat(1), 2, false), Pos::Top);
        // Eight players: counter-clockwise from the right, up the right column, along the
        // top from right to left, down the left column.
        let eight: Vec<Pos> = (1..8)
            .map(|s| Pos::of(Seat(s), Seat(0), 8, false))
            .collect();
        assert_eq!(
            eight,
            [
                Pos::Right,
                Pos::RightUpper,
                Pos::TopRight,
                Pos::Top,
                Pos::TopLeft,
                Pos::LeftUpper,
                Pos::Left
            ]
        );
        for (n, cw) in (2..=Pos::MAX_SEATS).flat_map(|n| [(n, false), (n, true)]) {
            for b in 0..n {
                let places: Vec<Pos> = (0..n).map(|s| Pos::of(Seat(s), Seat(b), n, cw)).collect();
                assert_eq!(Pos::of(Seat(b), Seat(b), n, cw), Pos::Bottom);
                for p in Pos::ring(n) {
                    assert_eq!(places.iter().filter(|&x| x == p).count(), 1, "{n} {b} {cw}");
                }
            }
        }
    }

    // rule C-2: Haft Khabis and Crazy Eights go clockwise: the next seat on the left.
    #[test]
    fn clockwise_games_draw_the_next_seat_on_the_left() {
        assert_eq!(Pos::of(Seat(3), Seat(2), 4, true), Pos::Left);
        assert_eq!(Pos::of(Seat(1), Seat(2), 4, true), Pos::Right);
        assert_eq!(Pos::of(Seat(1), Seat(0), 3, true), Pos::Left);
        assert_eq!(Pos::of(Seat(1), Seat(0), 2, true), Pos::Top);
        // Eight players: clockwise from the left, up the left column, along the top from
        // left to right, down the right column.
        let eight: Vec<Pos> = (1..8).map(|s| Pos::of(Seat(s), Seat(0), 8, true)).collect();
        assert_eq!(
            eight,
            [
                Pos::Left,
                Pos::LeftUpper,
                Pos::TopLeft,
                Pos::Top,
                Pos::TopRight,
                Pos::RightUpper,
                Pos::Right
            ]
        );
    }
}
