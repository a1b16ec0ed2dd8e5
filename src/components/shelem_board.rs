//! Shelem's scoreboard in the top bar, always visible: per side the points taken this hand
//! (SH-3; the discards only once the hand is scored, D-8), the tricks and the match score
//! toward the target (SH-9); the contract (the bid and the hakem) and trump (SH-6).

use crate::components::seat::crown;
use crate::components::team::{team_board, trump_info, Cell, Column, TeamBoardProps};
use crate::i18n::{fill, Lang};
use engine::games::hokm::Trump;
use yew::prelude::*;

pub struct ShelemBoardProps {
    /// The players of each side (side 0 = seats 0 and 2).
    pub teams: [AttrValue; 2],
    /// Match score per side.
    pub score: [i32; 2],
    /// Points taken this hand per side.
    pub taken: [u16; 2],
    /// Tricks won this hand per side.
    pub tricks: [u8; 2],
    pub target: i32,
    /// The bottom player's side, listed first.
    pub my_side: usize,
    pub trump: Option<Trump>,
    /// The contract once the auction is won: the hakem's seat and name, and the bid.
    pub contract: Option<(u8, AttrValue, u16)>,
    pub hand_number: u16,
}

/// The score panel of the Shelem table.
pub fn shelem_board(lang: Lang, props: &ShelemBoardProps) -> Html {
    let sh = lang.shelem();
    let taken = props.taken.map(|n| Cell::num(lang, n));
    let score = props.score.map(|n| Cell::signed(lang, n, false));
    let columns = vec![
        Column::new(sh.taken, "taken", "points", taken),
        Column::tricks(lang, props.tricks),
        Column::new(sh.total, "pts", "score", score),
    ];
    html! {
            { team_board(lang, &TeamBoardProps {
                class: "shelem-board".into(),
                teams: props.teams.clone(),
                my_side: props.my_side,
                hand_number: props.hand_number,
                target: props.target,
                columns,
                children: html! {<>
                if let Some((seat, name, bid)) = &props.contract {
                    <span class="contract" data-testid="contract" data-bid={bid.to_string()}
                        data-hakem={seat.to_string()}>
                        { crown(lang) }
                        { fill(sh.contract, &[("name", name), ("n", &lang.num(bid))]) }
                    </span>
                }
                { trump_info(lang, props.trump) }
    </>} }) }
        }
}
