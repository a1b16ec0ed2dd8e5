//! What the team games (Hokm, Shelem) draw alike: the score table in the top bar, always
//! visible, and the panel shown when a hand (and maybe the match) is over. Each game gives
//! only what is its own: the columns of the tables, the notes in the top bar, the data
//! attributes and the lines of the result.

use crate::cls;
use crate::components::actions::result_actions;
use crate::components::seat::trump_badge;
use crate::components::sheet::escape;
use crate::i18n::{fill, points_text, Lang};
use engine::games::hokm::Trump;
use yew::prelude::*;

/// One side's cell of a [`Column`].
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The cell's `data-value`, for tests.
    pub value: Option<String>,
    /// Classes beside the column's own.
    pub class: String,
    /// The cell's markup (text escaped).
    pub body: String,
}

impl Cell {
    /// A count or score: the number in the language's digits, `data-value` the number.
    pub fn num(lang: Lang, n: impl std::fmt::Display) -> Cell {
        Cell {
            value: Some(n.to_string()),
            class: String::new(),
            body: lang.num(&n),
        }
    }

    /// Points that may be negative, with their sign ("+120" when `plus`, "−120"); see
    /// [`points_text`].
    pub fn signed(lang: Lang, n: i32, plus: bool) -> Cell {
        Cell {
            value: Some(n.to_string()),
            class: String::new(),
            body: format!(r#"<bdi dir="ltr">{}</bdi>"#, points_text(lang, n, plus)),
        }
    }

    /// Text only, no `data-value`.
    pub fn text(text: String) -> Cell {
        Cell {
            value: None,
            class: String::new(),
            body: escape(&text),
        }
    }

    /// This cell with another class.
    pub fn with_class(mut self, class: impl crate::class::ClassPart) -> Cell {
        class.push_to(&mut self.class);
        self
    }

    /// This cell with more text after its body.
    pub fn then(mut self, more: &str) -> Cell {
        self.body += &escape(more);
        self
    }
}

/// A column of a team table: its heading, the class of its cells, their test id's stem
/// (`{testid}-{side}`, none when empty) and one cell per side.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    pub head: AttrValue,
    pub class: &'static str,
    pub testid: &'static str,
    pub cells: [Cell; 2],
}

impl Column {
    pub fn new(
        head: &'static str,
        class: &'static str,
        testid: &'static str,
        cells: [Cell; 2],
    ) -> Column {
        Column {
            head: head.into(),
            class,
            testid,
            cells,
        }
    }

    /// The tricks each side took this hand (`tricks-N` in the top bar).
    pub fn tricks(lang: Lang, tricks: [u8; 2]) -> Column {
        Column::new(
            lang.s().tricks,
            "tricks",
            "tricks",
            tricks.map(|n| Cell::num(lang, n)),
        )
    }
}

/// How the rows of a team table are drawn.
struct Rows<'a> {
    teams: &'a [AttrValue; 2],
    /// The sides in the order shown.
    order: [usize; 2],
    /// The class of the row header (the team's name).
    name_class: Option<&'static str>,
    /// Per side, the row's classes.
    class: &'a dyn Fn(usize) -> String,
    /// The rows' test id stem (`{testid}-{side}`).
    testid: Option<&'static str>,
    /// Whether a row says its side (`data-side`).
    data_side: bool,
}

/// A team table (`<table>` with `attrs`) as markup text: the columns' heads after `corner`,
/// then a row per side, the team's name and a cell per column. It is only shown, and text is
/// less of the page's code than elements built one by one (issue 25). Names are escaped.
fn team_table(attrs: &str, corner: &str, columns: &[Column], rows: Rows) -> Html {
    let mut out = format!("<table{attrs}><thead><tr>{corner}");
    for c in columns {
        out += &format!(r#"<th scope="col">{}</th>"#, escape(&c.head));
    }
    out += "</tr></thead><tbody>";
    for side in rows.order {
        let mut tr = format!(r#"<tr class="{}""#, (rows.class)(side));
        if let Some(t) = rows.testid {
            tr += &format!(r#" data-testid="{t}-{side}""#);
        }
        if rows.data_side {
            tr += &format!(r#" data-side="{side}""#);
        }
        let th_class = rows
            .name_class
            .map(|c| format!(r#" class="{c}""#))
            .unwrap_or_default();
        out += &format!(
            r#"{tr}><th scope="row"{th_class}>{}</th>"#,
            escape(&rows.teams[side])
        );
        for c in columns {
            let Cell { value, class, body } = &c.cells[side];
            let mut td = String::from("<td");
            let class = cls!((!c.class.is_empty()).then_some(c.class), class.as_str());
            if !class.is_empty() {
                td += &format!(r#" class="{class}""#);
            }
            if !c.testid.is_empty() {
                td += &format!(r#" data-testid="{}-{side}""#, c.testid);
            }
            if let Some(v) = value {
                td += &format!(r#" data-value="{v}""#);
            }
            out += &format!("{td}>{body}</td>");
        }
        out += "</tr>";
    }
    Html::from_html_unchecked((out + "</tbody></table>").into())
}

/// The trump in the top bar's notes (empty before it is named).
pub fn trump_info(lang: Lang, trump: Option<Trump>) -> Html {
    html! {
        <span class="info-trump">
            <span class="info-label">{ lang.s().trump }{ ": " }</span>
            { trump_badge(lang, trump, true, Some("trump")) }
        </span>
    }
}

pub struct TeamBoardProps {
    /// The game's class beside `scoreboard`.
    pub class: String,
    /// The players of each side (side 0 = seats 0 and 2).
    pub teams: [AttrValue; 2],
    /// The bottom player's side, listed first.
    pub my_side: usize,
    pub hand_number: u16,
    pub target: i32,
    pub columns: Vec<Column>,
    /// The game's notes after the target (trump, hakem, contract).
    pub children: Html,
}

/// The score table in the top bar: per side a row of the game's columns; the hand's number,
/// the target and the game's notes.
pub fn team_board(lang: Lang, props: &TeamBoardProps) -> Html {
    let s = lang.s();
    let my_side = props.my_side;
    let class = move |side: usize| cls!("team", (side == my_side).then_some("mine"));
    let rows = Rows {
        teams: &props.teams,
        order: [my_side, 1 - my_side],
        name_class: Some("team-name"),
        class: &class,
        testid: None,
        data_side: true,
    };
    html! {
        <div class={cls!("scoreboard", props.class.clone())}>
            { team_table(
                r#" class="score-table" data-testid="score""#,
                &format!(r#"<th scope="col" class="hand-no">{}</th>"#, fill(s.hand_n, &[("n", &lang.num(props.hand_number))])),
                &props.columns,
                rows,
            ) }
            <div class="table-info">
                <span class="target" data-testid="target" data-value={props.target.to_string()}>
                    { fill(s.match_to, &[("n", &lang.num(props.target))]) }
                </span>
                { props.children.clone() }
            </div>
        </div>
    }
}

pub struct TeamResultProps {
    /// The game's class beside `result-panel`.
    pub class: String,
    /// The game's `data-*` attributes on the panel.
    pub attrs: Vec<(&'static str, String)>,
    /// Names of the players of each side.
    pub teams: [AttrValue; 2],
    /// The side that won the hand: its row is marked.
    pub hand_winner: usize,
    /// Whether each side is one player (two-player games).
    pub solo: bool,
    /// The side that won the match, once it is over.
    pub match_winner: Option<usize>,
    /// What the game says of the hand before the table (who won it, the contract, kot).
    pub before: Html,
    pub columns: Vec<Column>,
    /// What the game shows after the table (cards left, the discards).
    pub children: Html,
    pub on_next: Callback<()>,
    pub on_new_match: Callback<()>,
}

/// "`side` won": `plural` for a team of two, `one` for a side of one player (two-player
/// games), `you` when that player is you.
pub fn side_won(
    lang: Lang,
    [plural, one, you]: [&'static str; 3],
    side: &str,
    solo: bool,
) -> String {
    match () {
        _ if !solo => fill(plural, &[("team", side)]),
        _ if side == lang.s().you => you.to_string(),
        _ => fill(one, &[("team", side)]),
    }
}

/// The panel shown when a hand of a team game (and maybe the match) is over: the title, the
/// match's winner, the game's lines, a row per side (`result-row-N`, the hand's winner
/// marked `won`) and the next hand or a new match.
pub fn team_result(lang: Lang, props: &TeamResultProps) -> Html {
    let s = lang.s();
    let over = props.match_winner.is_some();
    let title = if over { s.match_over } else { s.hand_over };
    let won = props.hand_winner;
    let class = move |side: usize| cls!((side == won).then_some("won"));
    let rows = Rows {
        teams: &props.teams,
        order: [0, 1],
        name_class: None,
        class: &class,
        testid: Some("result-row"),
        data_side: false,
    };
    let mut panel = html! {
        <section class={cls!("panel", "result-panel", props.class.clone(), over.then_some("match-over"))}
            data-testid="hand-result" role="dialog" aria-modal="false" aria-labelledby="result-title">
            <h2 id="result-title">{ title }</h2>
            if let Some(w) = props.match_winner {
                <p class="match-winner" data-testid="match-result" data-winner={w.to_string()}>
                    { side_won(lang, [s.match_won_by, s.match_won_by_one, s.match_won_by_you], &props.teams[w], props.solo) }
                </p>
            }
            { props.before.clone() }
            { team_table(r#" class="result-table""#, "<th></th>", &props.columns, rows) }
            { props.children.clone() }
            { result_actions(lang, over, props.on_next.reform(|_: MouseEvent| ()),
                props.on_new_match.reform(|_: MouseEvent| ())) }
        </section>
    };
    if let Html::VTag(tag) = &mut panel {
        let tag = std::rc::Rc::make_mut(tag);
        for &(name, ref value) in &props.attrs {
            tag.add_attribute(name, value.clone());
        }
    }
    html! { <div class="overlay result-overlay">{ panel }</div> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_points() {
        assert_eq!(points_text(Lang::En, 120, true), "+120");
        assert_eq!(points_text(Lang::En, 120, false), "120");
        assert_eq!(points_text(Lang::En, -105, true), "−105");
        assert_eq!(points_text(Lang::En, 0, true), "0");
        assert_eq!(points_text(Lang::Fa, -105, false), "−۱۰۵");
    }

    #[test]
    fn cells_carry_their_value_and_classes() {
        let c = Cell::num(Lang::Fa, 12).with_class("pts");
        assert_eq!(c.value.as_deref(), Some("12"));
        assert!(c.class.contains("pts"));
        assert_eq!(
            Cell::signed(Lang::En, -5, true).value.as_deref(),
            Some("-5")
        );
        assert_eq!(Cell::text("x".into()).value, None);
    }

    #[test]
    fn a_side_of_one_player_wins_in_the_singular() {
        let en = Lang::En.s();
        let hand = [en.hand_won_by, en.hand_won_by_one, en.hand_won_by_you];
        assert_eq!(
            side_won(Lang::En, hand, "You and Bot 3", false),
            "You and Bot 3 win the hand"
        );
        assert_eq!(
            side_won(Lang::En, hand, "Bot 2", true),
            "Bot 2 wins the hand"
        );
        assert_eq!(side_won(Lang::En, hand, en.you, true), "You win the hand");
        let fa = Lang::Fa.s();
        let m = [fa.match_won_by, fa.match_won_by_one, fa.match_won_by_you];
        assert_eq!(side_won(Lang::Fa, m, "ربات ۲", true), "ربات ۲ بازی را برد!");
        assert_eq!(side_won(Lang::Fa, m, fa.you, true), "بازی را بردید!");
    }
}
