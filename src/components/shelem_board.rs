//! Shelem's scoreboard in the top bar, always visible: per side the points taken this hand
//! (SH-3; the discards only once the hand is scored, D-8), the tricks and the match score
//! toward the target (SH-9); the contract (the bid and the hakem) and trump (SH-6).

use crate::app::use_lang;
use crate::components::seat::{Crown, TrumpBadge};
use crate::components::shelem_result::points_text;
use crate::i18n::fill;
use engine::games::hokm::Trump;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
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
#[function_component(ShelemBoard)]
pub fn shelem_board(props: &ShelemBoardProps) -> Html {
    let lang = use_lang();
    let s = lang.s();
    let sh = lang.shelem();
    let order = [props.my_side, 1 - props.my_side];
    html! {
        <div class="scoreboard shelem-board">
            <table class="score-table" data-testid="score">
                <thead>
                    <tr>
                        <th scope="col" class="hand-no">{ fill(s.hand_n, &[("n", &lang.num(props.hand_number))]) }</th>
                        <th scope="col">{ sh.taken }</th>
                        <th scope="col">{ s.tricks }</th>
                        <th scope="col">{ sh.total }</th>
                    </tr>
                </thead>
                <tbody>
                    { for order.iter().map(|&side| html! {
                        <tr class={classes!("team", (side == props.my_side).then_some("mine"))}
                            data-side={side.to_string()}>
                            <th scope="row" class="team-name">{ props.teams[side].clone() }</th>
                            <td class="taken" data-testid={format!("points-{side}")}
                                data-value={props.taken[side].to_string()}>
                                { lang.num(props.taken[side]) }
                            </td>
                            <td class="tricks" data-testid={format!("tricks-{side}")}
                                data-value={props.tricks[side].to_string()}>
                                { lang.num(props.tricks[side]) }
                            </td>
                            <td class="pts" data-testid={format!("score-{side}")}
                                data-value={props.score[side].to_string()}>
                                <bdi dir="ltr">{ points_text(lang, props.score[side], false) }</bdi>
                            </td>
                        </tr>
                    }) }
                </tbody>
            </table>
            <div class="table-info">
                <span class="target" data-testid="target" data-value={props.target.to_string()}>
                    { fill(s.match_to, &[("n", &lang.num(props.target))]) }
                </span>
                if let Some((seat, name, bid)) = &props.contract {
                    <span class="contract" data-testid="contract" data-bid={bid.to_string()}
                        data-hakem={seat.to_string()}>
                        <Crown />
                        { fill(sh.contract, &[("name", name), ("n", &lang.num(bid))]) }
                    </span>
                }
                <span class="info-trump">
                    <span class="info-label">{ s.trump }{ ": " }</span>
                    <TrumpBadge trump={props.trump} testid={AttrValue::from("trump")} />
                </span>
            </div>
        </div>
    }
}
