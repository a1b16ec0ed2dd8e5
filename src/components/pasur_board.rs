//! Pasur's scores: the chips of each side's pile in the top bar, and the round's score
//! sheet (PA-6 … PA-11).

use crate::cls;
use crate::components::actions::result_actions_labelled;
use crate::components::card::{card_svg, mini_card, suit_shape};
use crate::components::sheet::escape;
use crate::i18n::{about, fill, Lang};
use crate::seen::Seen;
use engine::games::pasur::choice::table_order;
use engine::games::pasur::{PasurView, RoundResult, ScoreLine, SideTally};
use engine::{CardSet, Seat, Suit};
use yew::prelude::*;

/// A set of cards as text for tests: `"4D 7S"`.
pub fn cards_attr(set: CardSet) -> String {
    table_order(set)
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One count of a side's pile, as a small chip with its spoken name.
fn chip(class: &'static str, icon: Html, label: &str, value: String, spoken: String) -> Html {
    let aria = format!("{label}: {spoken}");
    html! {
        <span class={cls!("chip", class)} role="img" aria-label={aria.clone()} title={aria}>
            <span aria-hidden="true" class="chip-icon">{ icon }</span>
            <span aria-hidden="true">{ value }</span>
        </span>
    }
}

fn suit_icon(suit: Suit) -> Html {
    html! {
        <svg class="suit-icon" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
            { suit_shape(suit, 50.0, 50.0, 84.0, false) }
        </svg>
    }
}

/// A side's chips: pile size, clubs, surs, jacks, aces, and whether 10♦ and 2♣ are in.
fn side_chips(lang: Lang, t: &SideTally) -> [Html; 7] {
    let p = lang.pasur();
    let num = |n: u8| lang.num(n);
    let has = |b: bool| (if b { p.taken } else { p.not_taken }).to_string();
    [
        chip("pile", card_svg(None), p.pile, num(t.cards), num(t.cards)),
        chip(
            if t.clubs >= 7 { "clubs seven" } else { "clubs" },
            suit_icon(Suit::Clubs),
            p.clubs,
            num(t.clubs),
            num(t.clubs),
        ),
        chip(
            if t.surs > 0 { "surs has" } else { "surs" },
            html! { { p.surs } },
            p.surs,
            num(t.surs),
            num(t.surs),
        ),
        chip(
            "jacks",
            html! { { "J" } },
            p.jacks,
            num(t.jacks),
            num(t.jacks),
        ),
        chip("aces", html! { { "A" } }, p.aces, num(t.aces), num(t.aces)),
        chip(
            if t.ten_of_diamonds {
                "card10d has"
            } else {
                "card10d"
            },
            Html::default(),
            p.ten_diamonds,
            format!("{}♦", lang.num(10)),
            has(t.ten_of_diamonds),
        ),
        chip(
            if t.two_of_clubs {
                "card2c has"
            } else {
                "card2c"
            },
            Html::default(),
            p.two_clubs,
            format!("{}♣", lang.num(2)),
            has(t.two_of_clubs),
        ),
    ]
}

/// A side's tally as a row of chips.
fn tally_chips(lang: Lang, t: &SideTally) -> Html {
    html! { <span class="side-chips">{ for side_chips(lang, t) }</span> }
}

/// What each chip counts and what it is worth (PA-10), behind a button of the top bar.
fn chips_legend(lang: Lang, t: &SideTally) -> Html {
    let p = lang.pasur();
    let meanings = [
        p.pile_help,
        p.line_clubs,
        p.line_surs,
        p.line_jacks,
        p.line_aces,
        p.line_ten,
        p.line_two,
    ];
    html! {
        <details class="chips-help" data-testid="chips-help">
            <summary>{ p.chips_help }</summary>
            <dl class="panel chips-legend">
                { for side_chips(lang, t).into_iter().zip(meanings).map(|(c, m)| html! {
                    <div class="legend-row"><dt>{ c }</dt><dd>{ m }</dd></div>
                }) }
            </dl>
        </details>
    }
}

/// The top bar: per side its pile (D-8), this round's points so far and the match total
/// toward the target; the round, the deal and the target.
pub fn board(lang: Lang, view: &PasurView, teams: &[AttrValue; 2], my_side: usize) -> Html {
    let p = lang.pasur();
    let order = [my_side, 1 - my_side];
    let row = |side: usize| {
        let t = &view.sides[side];
        let total = view.totals[side];
        html! {
            <div class={cls!("pasur-side", (side == my_side).then_some("mine"))}
                data-testid={format!("side-{side}")} data-side={side.to_string()}
                data-pile={t.cards.to_string()} data-clubs={t.clubs.to_string()}
                data-surs={t.surs.to_string()} data-jacks={t.jacks.to_string()}
                data-aces={t.aces.to_string()} data-ten-diamonds={t.ten_of_diamonds.to_string()}
                data-two-clubs={t.two_of_clubs.to_string()} data-points={t.points.to_string()}
                data-total={total.to_string()} role="group" aria-label={teams[side].clone()}>
                <span class="team-name">{ teams[side].clone() }</span>
                { tally_chips(lang, t) }
                <span class="side-points" data-testid={format!("points-{side}")}
                    data-value={t.points.to_string()} title={p.this_round}>
                    { lang.num(t.points) }
                </span>
                <span class="side-total" data-testid={format!("total-{side}")}
                    data-value={total.to_string()} title={p.total}>
                    { lang.num(total) }
                </span>
            </div>
        }
    };
    html! {
        <div class="scoreboard pasur-board">
            <div class="pasur-sides" data-testid="score">
                <div class="pasur-side pasur-head" aria-hidden="true">
                    <span class="team-name" data-testid="round" data-value={view.round_number.to_string()}>
                        { fill(p.round_n, &[("n", &lang.num(view.round_number))]) }
                    </span>
                    <span class="side-chips"></span>
                    <span class="side-points">{ p.this_round }</span>
                    <span class="side-total">{ p.total }</span>
                </div>
                { for order.iter().map(|&side| row(side)) }
            </div>
            <div class="table-info">
                { chips_legend(lang, &view.sides[my_side]) }
                <span class="target" data-testid="target" data-value={view.settings.target.to_string()}>
                    { fill(p.game_to, &[("n", &lang.num(view.settings.target))]) }
                </span>
                <span class="deal" data-testid="deal" data-value={view.deal_number.to_string()}>
                    { fill(p.deal_of, &[("n", &lang.num(view.deal_number)), ("k", &lang.num(view.deals_per_round))]) }
                </span>
            </div>
        </div>
    }
}

/// One line of the score sheet: the test id's name, the label, and per side the points
/// and the count behind them.
pub type SheetLine = (&'static str, &'static str, [(i32, i32); 2]);

/// The lines of the score sheet (PA-10), the pile's size first (a count, no points).
pub fn sheet_lines(lang: Lang, r: &RoundResult) -> Vec<SheetLine> {
    let p = lang.pasur();
    let per = |f: fn(&ScoreLine) -> (i32, i32)| [f(&r.sides[0]), f(&r.sides[1])];
    vec![
        ("cards", p.line_cards, per(|l| (0, l.cards as i32))),
        (
            "clubs",
            p.line_clubs,
            per(|l| (l.clubs_points, l.clubs as i32)),
        ),
        (
            "ten-diamonds",
            p.line_ten,
            per(|l| (l.ten_of_diamonds, (l.ten_of_diamonds > 0) as i32)),
        ),
        (
            "two-clubs",
            p.line_two,
            per(|l| (l.two_of_clubs, (l.two_of_clubs > 0) as i32)),
        ),
        ("jacks", p.line_jacks, per(|l| (l.jacks, l.jacks))),
        ("aces", p.line_aces, per(|l| (l.aces, l.aces))),
        ("surs", p.line_surs, per(|l| (l.sur_points, l.surs as i32))),
    ]
}

/// The score sheet's table (PA-10): a row per line, each side's points (and the count behind
/// them), the round's total and the match's. Markup text, as the match's sheet is
/// ([`crate::components::sheet`]): it is only shown, and text is far less of the page's code
/// than elements built one by one (issue 25). The sides' names are escaped.
fn sheet_table(
    lang: Lang,
    seen: &Seen,
    view: &PasurView,
    r: &RoundResult,
    teams: &[AttrValue; 2],
) -> String {
    let (s, p) = (lang.s(), lang.pasur());
    let order = [seen.bottom.side(), 1 - seen.bottom.side()];
    let mut out = String::from(r#"<table class="result-table sheet-table"><thead><tr><th></th>"#);
    for side in order {
        let mine = if side == seen.bottom.side() {
            r#" class="mine""#
        } else {
            ""
        };
        out += &format!(r#"<th scope="col"{mine}>{}</th>"#, escape(&teams[side]));
    }
    out += "</tr></thead><tbody>";
    for (line, label, per) in sheet_lines(lang, r) {
        out += &format!(
            r#"<tr class="line-{line}" data-testid="sheet-{line}"><th scope="row">{label}</th>"#
        );
        for side in order {
            let (points, count) = per[side];
            let num = lang.num(if line == "cards" { count } else { points });
            // The pile's size is a count, not points.
            let (points, class) = match line {
                "cards" => (0, r#" class="count-only""#),
                _ if points > 0 => (points, r#" class="scored""#),
                _ => (points, ""),
            };
            let note = match line {
                "clubs" => Some(fill(p.n_clubs, &[("n", &lang.num(count))])),
                "surs" if count > 0 => Some(fill(
                    if count == 1 { p.n_sur_one } else { p.n_surs },
                    &[("n", &lang.num(count))],
                )),
                _ => None,
            }
            .map(|n| format!(r#"<small class="sheet-note">{n}</small>"#))
            .unwrap_or_default();
            out += &format!(
                r#"<td data-testid="sheet-{line}-{side}" data-value="{points}" data-count="{count}"{class}>{num}{note}</td>"#
            );
        }
        out += "</tr>";
    }
    out += &format!(
        r#"<tr class="line-round" data-testid="sheet-round"><th scope="row">{}</th>"#,
        p.line_round
    );
    for side in order {
        let total = r.sides[side].total;
        out += &format!(
            r#"<td data-testid="sheet-round-{side}" data-value="{total}">{}</td>"#,
            lang.num(total)
        );
    }
    out += &format!(
        r#"</tr><tr class="line-match" data-testid="sheet-match"><th scope="row">{}</th>"#,
        p.line_match
    );
    for side in order {
        let total = r.totals[side];
        let won = if view.winner == Some(side) {
            r#" class="won""#
        } else {
            ""
        };
        let text = fill(
            s.score_of,
            &[
                ("n", &lang.num(total)),
                ("t", &lang.num(view.settings.target)),
            ],
        );
        out += &format!(
            r#"<td data-testid="sheet-match-{side}" data-value="{total}"{won}>{text}</td>"#
        );
    }
    out + "</tr></tbody></table>"
}

/// The round's score sheet: line by line per side, the round's total, the match totals
/// toward the target, who took the last table cards (PA-6); at the end the winner.
pub fn score_sheet(
    lang: Lang,
    seen: &Seen,
    view: &PasurView,
    r: &RoundResult,
    teams: &[AttrValue; 2],
    on_next: Callback<MouseEvent>,
    on_new: Callback<MouseEvent>,
) -> Html {
    let s = lang.s();
    let p = lang.pasur();
    let over = view.winner.is_some();
    let title = if over {
        s.match_over.to_string()
    } else {
        fill(p.round_over, &[("n", &lang.num(view.round_number))])
    };
    let target = view.settings.target as i32;
    let winner_text = view.winner.map(|w| {
        if seen.n == 2 && Seat(w as u8) == seen.bottom && seen.cover.is_none() {
            p.match_won_you.to_string()
        } else if seen.n == 4 {
            fill(p.match_won_team, &[("team", &teams[w])])
        } else {
            fill(p.match_won_by, &[("name", &teams[w])])
        }
    });
    let tie = !over && r.totals[0] == r.totals[1] && r.totals[0] >= target;
    let last_to = teams[r.last_cards_to].clone();
    let mut panel = html! {
        <section class={cls!("panel", "result-panel", "pasur-sheet", over.then_some("match-over"))}
            data-testid="score-sheet" data-round={view.round_number.to_string()}
            data-last-to={r.last_cards_to.to_string()} data-last-cards={cards_attr(r.last_cards)}
            role="dialog" aria-modal="false" aria-labelledby="result-title">
            <h2 id="result-title">{ title }</h2>
            if let (Some(w), Some(text)) = (view.winner, winner_text) {
                <p class="match-winner" data-testid="match-result" data-winner={w.to_string()}>{ text }</p>
            }
            { Html::from_html_unchecked(sheet_table(lang, seen, view, r, teams).into()) }
            <p class="last-cards" data-testid="last-cards">
                if r.last_cards.is_empty() {
                    { p.last_cards_none }
                } else {
                    <span>
                        if r.last_cards.len() == 1 {
                            { about(lang, &last_to, p.last_card_one, p.last_card_one_you, &[]) }
                        } else {
                            { about(lang, &last_to, p.last_cards, p.last_cards_you, &[("n", &lang.num(r.last_cards.len()))]) }
                        }
                    </span>
                    <span class="mini-cards" dir="ltr">
                        { for table_order(r.last_cards).into_iter().map(|c| mini_card(lang, c, false)) }
                    </span>
                }
            </p>
            if tie {
                <p class="help" data-testid="tie-note">{ p.tie_plays_on }</p>
            }
            { result_actions_labelled(lang, over, p.next_round, on_next, on_new) }
        </section>
    };
    // Per side, as attributes for tests (names ending in a digit are written this way).
    if let Html::VTag(tag) = &mut panel {
        let tag = std::rc::Rc::make_mut(tag);
        for side in 0..2 {
            tag.add_attribute(
                if side == 0 {
                    "data-total-0"
                } else {
                    "data-total-1"
                },
                r.sides[side].total.to_string(),
            );
            tag.add_attribute(
                if side == 0 {
                    "data-match-0"
                } else {
                    "data-match-1"
                },
                r.totals[side].to_string(),
            );
        }
    }
    html! { <div class="overlay result-overlay">{ panel }</div> }
}
