//! Match score, tricks of this hand, the target, trump and hakem: always visible (HK-12).

use crate::components::seat::Crown;
use crate::components::team::{trump_info, Cell, Column, TeamBoard};
use crate::context::use_lang;
use engine::games::hokm::Trump;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
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
#[function_component(Scoreboard)]
pub fn scoreboard(props: &ScoreboardProps) -> Html {
    let lang = use_lang();
    let s = lang.s();
    let score = props.score.map(|n| Cell::num(lang, n));
    let columns = vec![
        Column::new(s.score, "pts", "score", score),
        Column::tricks(lang, props.tricks),
    ];
    html! {
        <TeamBoard teams={props.teams.clone()} my_side={props.my_side}
            hand_number={props.hand_number} target={i32::from(props.target)} {columns}>
            { trump_info(lang, props.trump) }
            <span class="info-hakem"><Crown />{ props.hakem.clone() }</span>
        </TeamBoard>
    }
}
