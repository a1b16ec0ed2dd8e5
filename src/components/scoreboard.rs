//! Match score, tricks of this hand, the target, trump and hakem: always visible (HK-12).

use crate::cls;
use crate::components::seat::crown;
use crate::components::team::{team_board, trump_info, Cell, Column, TeamBoardProps};
use crate::i18n::{fill, Lang};
use crate::seen::Seen;
use engine::games::hokm::Trump;
use engine::Seat;
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
    let order: Vec<Seat> = (0..seen.n).map(|k| seen.bottom.after(k, seen.n)).collect();
    html! {
        <div class={cls!("scoreboard", class)}>
            <table class="score-table" data-testid="score">
                <thead>
                    <tr>
                        <th scope="col" class="hand-no">{ fill(lang.s().hand_n, &[("n", &lang.num(hand_number))]) }</th>
                        { for columns.iter().map(|c| html! { <th scope="col">{ c.heading.to_string() }</th> }) }
                    </tr>
                </thead>
                <tbody>
                    { for order.iter().map(|&seat| html! {
                        <tr class={cls!("team", (seat == seen.bottom).then_some("mine"))}
                            data-seat={seat.0.to_string()}>
                            <th scope="row" class="team-name">{ seen.name(seat) }</th>
                            { for columns.iter().map(|c| {
                                let v = c.values.get(seat.idx()).copied().unwrap_or(0);
                                html! {
                                    <td class={c.class} data-testid={format!("{}-{}", c.testid, seat.0)}
                                        data-value={v.to_string()}>{ lang.num(v) }</td>
                                }
                            }) }
                        </tr>
                    }) }
                </tbody>
            </table>
            { info }
        </div>
    }
}
