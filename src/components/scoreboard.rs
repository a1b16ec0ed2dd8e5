//! Match score, tricks of this hand, the target, trump and hakem: always visible (HK-12).

use crate::cls;
use crate::components::seat::crown;
use crate::components::sheet::escape;
use crate::components::team::{team_board, trump_info, Cell, Column, TeamBoardProps};
use crate::i18n::{fill, Lang};
use crate::seen::Seen;
use engine::games::hokm::Trump;
use yew::prelude::*;

pub struct ScoreboardProps {
    /// The players of each side (side 0 = seats 0 and 2).
    pub teams: [AttrValue; 2],
    pub score: [u8; 2],
    pub tricks: [u8; 2],
    pub target: u8,
    /// The bottom player's side, listed first.
    pub my_side: usize,
    pub trump: Option<Trump>,
    pub hakem: AttrValue,
    pub hand_number: u16,
}

/// The score panel: the match score and this hand's tricks per side, then trump and hakem.
pub fn scoreboard(lang: Lang, props: &ScoreboardProps) -> Html {
    let s = lang.s();
    let score = props.score.map(|n| Cell::num(lang, n));
    let columns = vec![
        Column::new(s.score, "pts", "score", score),
        Column::tricks(lang, props.tricks),
    ];
    html! {
            { team_board(lang, &TeamBoardProps {
                class: Default::default(),
                teams: props.teams.clone(),
                my_side: props.my_side,
                hand_number: props.hand_number,
                target: i32::from(props.target),
                columns,
                children: html! {<>
                { trump_info(lang, props.trump) }
                <span class="info-hakem">{ crown(lang) }{ props.hakem.clone() }</span>
    </>} }) }
        }
}

/// One column of a per-player scoreboard: its heading, its cells' class, their test id
/// (`{testid}-{seat}`) and a value per seat.
pub struct PlayerColumn<'a> {
    pub heading: &'a str,
    pub class: &'static str,
    pub testid: &'static str,
    pub values: &'a [i32],
}

/// The top bar of a game scored per player (Bidel, the shedding games): a row per player
/// from the bottom one round the table, the hand's number, the `columns`, and the game's
/// own line `info` (its target, its end) under them; `class` names the game's board.
pub fn player_scores(
    lang: Lang,
    seen: &Seen,
    class: &'static str,
    hand_number: u16,
    columns: &[PlayerColumn],
    info: Html,
) -> Html {
    // Markup text: it is only shown, and text is less of the page's code than elements
    // built one by one (issue 25). Names are escaped.
    let mut table = format!(
        r#"<table class="score-table" data-testid="score"><thead><tr><th scope="col" class="hand-no">{}</th>"#,
        fill(lang.s().hand_n, &[("n", &lang.num(hand_number))])
    );
    for c in columns {
        table += &format!(r#"<th scope="col">{}</th>"#, escape(c.heading));
    }
    table += "</tr></thead><tbody>";
    for seat in (0..seen.n).map(|k| seen.bottom.after(k, seen.n)) {
        let mine = if seat == seen.bottom { " mine" } else { "" };
        table += &format!(
            r#"<tr class="team{mine}" data-seat="{}"><th scope="row" class="team-name">{}</th>"#,
            seat.0,
            escape(&seen.name(seat))
        );
        for c in columns {
            let v = c.values.get(seat.idx()).copied().unwrap_or(0);
            table += &format!(
                r#"<td class="{}" data-testid="{}-{}" data-value="{v}">{}</td>"#,
                c.class,
                c.testid,
                seat.0,
                lang.num(v)
            );
        }
        table += "</tr>";
    }
    table += "</tbody></table>";
    html! {
        <div class={cls!("scoreboard", class)}>
            { Html::from_html_unchecked(table.into()) }
            { info }
        </div>
    }
}
