//! Cards drawn in SVG: corner indices, suit pips in the classic layouts, framed court
//! cards, and a patterned back. No images.

use crate::cls;
use crate::components::sprite::BACK_PATTERN;
use crate::i18n::{card_label, suit_name, Lang};
use engine::{Card, Suit};
use yew::prelude::*;

/// Red for hearts and diamonds, near-black for clubs and spades.
pub fn suit_color(suit: Suit) -> &'static str {
    match suit {
        Suit::Hearts | Suit::Diamonds => "#c62828",
        Suit::Clubs | Suit::Spades => "#1c1c1c",
    }
}

/// `v` with at most three decimals, written with integer formatting only: a float's
/// `Display` would pull Rust's float printing (about 5 KB of gzip) into every page.
pub fn svg_num(v: f32) -> String {
    let thousandths = (v * 1000.0).round() as i64;
    let sign = if thousandths < 0 { "-" } else { "" };
    let (whole, frac) = (thousandths.abs() / 1000, thousandths.abs() % 1000);
    if frac == 0 {
        format!("{sign}{whole}")
    } else {
        let digits = format!("{frac:03}");
        format!("{sign}{whole}.{}", digits.trim_end_matches('0'))
    }
}

/// A suit symbol drawn in a 100×100 box, scaled to `size` and centred on (`x`, `y`);
/// `flip` turns it upside down (pips in the lower half of a card). For an SVG parent.
pub fn suit_shape(suit: Suit, x: f32, y: f32, size: f32, flip: bool) -> Html {
    let mut out = String::new();
    suit_markup(&mut out, suit, x, y, size, flip);
    Html::from_html_unchecked(out.into())
}

/// [`suit_shape`]'s markup, added to `out`.
fn suit_markup(out: &mut String, suit: Suit, x: f32, y: f32, size: f32, flip: bool) {
    let rot = if flip { " rotate(180)" } else { "" };
    let shape = match suit {
        Suit::Hearts => {
            r#"<path d="M50 94 C22 72 2 54 2 31 C2 15 14 4 28 4 C38 4 46 10 50 19 C54 10 62 4 72 4 C86 4 98 15 98 31 C98 54 78 72 50 94 Z"/>"#
        }
        Suit::Diamonds => r#"<path d="M50 1 L90 50 L50 99 L10 50 Z"/>"#,
        Suit::Spades => {
            r#"<path d="M50 2 C62 22 98 40 98 63 C98 77 87 87 74 87 C65 87 58 83 54 77 C55 87 59 93 68 98 L32 98 C41 93 45 87 46 77 C42 83 35 87 26 87 C13 87 2 77 2 63 C2 40 38 22 50 2 Z"/>"#
        }
        Suit::Clubs => concat!(
            r#"<circle cx="50" cy="27" r="22"/><circle cx="26" cy="60" r="22"/>"#,
            r#"<circle cx="74" cy="60" r="22"/><path d="M38 44 L62 44 L58 62 L42 62 Z"/>"#,
            r#"<path d="M46 58 C46 78 42 89 32 98 L68 98 C58 89 54 78 54 58 Z"/>"#,
        ),
    };
    out.push_str(&format!(
        r#"<g transform="translate({} {}){rot} scale({}) translate(-50 -50)" fill="{}">{shape}</g>"#,
        svg_num(x),
        svg_num(y),
        svg_num(size / 100.0),
        suit_color(suit),
    ));
}

/// Pip centres for 2–10 as (column, row): column 0/1/2 = left/centre/right, row 0.0 (top)
/// to 1.0 (bottom).
fn pip_layout(value: u8) -> &'static [(u8, f32)] {
    const T: f32 = 1.0 / 3.0;
    const TT: f32 = 2.0 / 3.0;
    match value {
        2 => &[(1, 0.0), (1, 1.0)],
        3 => &[(1, 0.0), (1, 0.5), (1, 1.0)],
        4 => &[(0, 0.0), (2, 0.0), (0, 1.0), (2, 1.0)],
        5 => &[(0, 0.0), (2, 0.0), (1, 0.5), (0, 1.0), (2, 1.0)],
        6 => &[(0, 0.0), (2, 0.0), (0, 0.5), (2, 0.5), (0, 1.0), (2, 1.0)],
        7 => &[
            (0, 0.0),
            (2, 0.0),
            (1, 0.25),
            (0, 0.5),
            (2, 0.5),
            (0, 1.0),
            (2, 1.0),
        ],
        8 => &[
            (0, 0.0),
            (2, 0.0),
            (1, 0.25),
            (0, 0.5),
            (2, 0.5),
            (1, 0.75),
            (0, 1.0),
            (2, 1.0),
        ],
        9 => &[
            (0, 0.0),
            (2, 0.0),
            (0, T),
            (2, T),
            (1, 0.5),
            (0, TT),
            (2, TT),
            (0, 1.0),
            (2, 1.0),
        ],
        _ => &[
            (0, 0.0),
            (2, 0.0),
            (1, 1.0 / 6.0),
            (0, T),
            (2, T),
            (0, TT),
            (2, TT),
            (1, 5.0 / 6.0),
            (0, 1.0),
            (2, 1.0),
        ],
    }
}

/// The card's background, drawn first on every face and back.
const CARD_BG: &str = r#"<rect x="1" y="1" width="98" height="138" rx="8" class="card-bg"/>"#;

/// A joker (Shelem's SH-3): a star and the word, red or black.
fn joker_face(out: &mut String, card: Card) {
    let color = if card == Card::RED_JOKER {
        "#c0262d"
    } else {
        "#1d1d1f"
    };
    out.push_str(&format!(
        r#"{CARD_BG}<path d="M50 40 L57 60 L78 60 L61 72 L67 93 L50 80 L33 93 L39 72 L22 60 L43 60 Z" fill="{color}"/>"#
    ));
    for transform in ["rotate(0)", "rotate(180 50 70)"] {
        out.push_str(&format!(r#"<g transform="{transform}">"#));
        for (i, ch) in "JOKER".chars().enumerate() {
            out.push_str(&format!(
                r#"<text x="12" y="{}" class="card-index" fill="{color}" font-size="13" text-anchor="middle">{ch}</text>"#,
                22 + 13 * i
            ));
        }
        out.push_str("</g>");
    }
}

/// A card's face (its background, pips or court frame, and the two corners), added to `out`.
fn card_face(out: &mut String, card: Card) {
    if card.is_joker() {
        return joker_face(out, card);
    }
    let suit = card.suit();
    let color = suit_color(suit);
    let rank = card.rank();
    out.push_str(CARD_BG);
    match rank.index() {
        12 => suit_markup(out, suit, 50.0, 70.0, 46.0, false),
        9..=11 => {
            let letter = ["J", "Q", "K"][(rank.index() - 9) as usize];
            out.push_str(&format!(
                r##"<rect x="27" y="22" width="46" height="96" rx="5" fill="#f7ecd0" stroke="{color}" stroke-width="1.5"/>"##
            ));
            suit_markup(out, suit, 50.0, 38.0, 20.0, false);
            out.push_str(&format!(
                r#"<text x="50" y="83" class="card-court" fill="{color}" font-size="38" text-anchor="middle">{letter}</text>"#
            ));
            suit_markup(out, suit, 50.0, 102.0, 20.0, true);
        }
        _ => {
            let cols = [35.0, 50.0, 65.0];
            let (top, bottom) = (24.0, 116.0);
            for &(c, r) in pip_layout(rank.value()) {
                let y = top + r * (bottom - top);
                suit_markup(out, suit, cols[c as usize], y, 17.0, r > 0.5);
            }
        }
    }
    let symbol = rank.symbol();
    // "10" is two glyphs: squeeze it so it fits the corner.
    let (size, spacing) = if symbol.len() > 1 {
        ("24", "-2.5")
    } else {
        ("30", "0")
    };
    for transform in ["rotate(0)", "rotate(180 50 70)"] {
        out.push_str(&format!(
            r#"<g transform="{transform}"><text x="14" y="29" class="card-index" fill="{color}" font-size="{size}" letter-spacing="{spacing}" text-anchor="middle">{symbol}</text>"#
        ));
        suit_markup(out, suit, 14.0, 44.0, 19.0, false);
        out.push_str("</g>");
    }
}

/// One card as an SVG image, or its back for `None` (decorative: the surrounding element
/// carries the label). Drawn as markup text: Yew keeps the DOM while the text is the same,
/// and the text is far less code than the card's elements built one by one (issue 25).
pub fn card_svg(card: Option<Card>) -> Html {
    Html::from_html_unchecked(card_svg_text(card).into())
}

/// [`card_svg`]'s markup.
pub fn card_svg_text(card: Option<Card>) -> String {
    let mut out = String::from(
        r#"<svg class="card" viewBox="0 0 100 140" aria-hidden="true" focusable="false">"#,
    );
    match card {
        Some(c) => card_face(&mut out, c),
        None => out.push_str(&format!(
            r##"{CARD_BG}<rect x="7" y="7" width="86" height="126" rx="5" fill="url(#{BACK_PATTERN})" stroke="#e8c56a" stroke-width="1.5"/>"##
        )),
    }
    out.push_str("</svg>");
    out
}

pub struct CardButtonProps {
    pub card: Card,
    /// Legal to play now.
    pub playable: bool,
    /// Dim it (another card must be played).
    pub dimmed: bool,
    /// Chosen (to discard or pass); shown raised with a mark, `aria-pressed`.
    pub selected: Option<bool>,
    /// Just received (Bidel's passing): highlighted.
    pub received: bool,
    /// Which copy of the card this is in a two-deck hand (`data-copy`: 0, or 1 for the
    /// second of two identical cards); none for a one-deck game.
    pub copy: Option<u8>,
    /// A small mark on the card (the order of cards chosen to be played together).
    pub badge: Option<AttrValue>,
    pub on_play: Callback<Card>,
}

/// A card of the viewer's hand: a real button labelled with the card's name. Cards that
/// cannot be played are `aria-disabled` but still clickable, so a click explains why.
pub fn card_button(lang: Lang, props: &CardButtonProps) -> Html {
    let card = props.card;
    let onclick = props.on_play.reform(move |_: MouseEvent| card);
    let class = cls!(
        "card-btn",
        props.playable.then_some("playable"),
        props.dimmed.then_some("dimmed"),
        (props.selected == Some(true)).then_some("selected"),
        props.received.then_some("received")
    );
    html! {
        <button type="button" {class} {onclick}
            data-card={card.to_string()} data-copy={props.copy.map(|k| k.to_string())}
            aria-label={match &props.badge {
                Some(b) => format!("{} ({b})", card_label(lang, card)),
                None => card_label(lang, card),
            }}
            aria-pressed={props.selected.map(|b| b.to_string())}
            aria-disabled={(!props.playable).then_some("true")}>
            { card_svg(Some(card)) }
            if let Some(b) = &props.badge {
                <span class="card-badge" aria-hidden="true">{ b.clone() }</span>
            }
        </button>
    }
}

/// A small face-up card with its spoken label (result and draw panels).
pub fn mini_card(lang: Lang, card: Card, highlight: bool) -> Html {
    Html::from_html_unchecked(mini_card_text(lang, card, highlight).into())
}

/// [`mini_card`]'s markup.
pub fn mini_card_text(lang: Lang, card: Card, highlight: bool) -> String {
    format!(
        r#"<span class="mini-card{}" role="img" aria-label="{}" data-card="{card}">{}</span>"#,
        if highlight { " highlight" } else { "" },
        card_label(lang, card),
        card_svg_text(Some(card))
    )
}

/// A suit to choose (a trump, the suit a card names): a real button with the suit's shape
/// and name, its test id `testid`, `data-suit` its letter and `data-trump` its trump name
/// where it chooses a trump.
pub fn suit_button(
    lang: Lang,
    suit: Suit,
    testid: String,
    trump: Option<&'static str>,
    onclick: Callback<MouseEvent>,
) -> Html {
    html! {
        <button type="button" class={cls!("trump-btn", "suit", format!("suit-{}", suit.letter()))}
            data-testid={testid} data-suit={suit.letter().to_string()} data-trump={trump}
            aria-label={suit_name(lang, suit)} {onclick}>
            <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">
                { suit_shape(suit, 50.0, 50.0, 86.0, false) }
            </svg>
            <span class="trump-btn-name">{ suit_name(lang, suit) }</span>
        </button>
    }
}

#[cfg(test)]
mod tests {
    use super::svg_num;

    #[test]
    fn svg_numbers_have_at_most_three_decimals() {
        for (v, text) in [
            (0.0f32, "0"),
            (50.0, "50"),
            (-3.0, "-3"),
            (0.9, "0.9"),
            (0.25, "0.25"),
            (-12.5, "-12.5"),
            (33.333_332, "33.333"),
            (0.666_666_7, "0.667"),
            (-0.0004, "0"),
        ] {
            assert_eq!(svg_num(v), text, "{v}");
        }
    }
}
