//! Match score, tricks of this hand, the target, trump and hakem: always visible (HK-12).

use crate::app::use_lang;
use crate::components::seat::{Crown, TrumpBadge};
use crate::i18n::fill;
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

/// The score panel.
#[function_component(Scoreboard)]
pub fn scoreboard(props: &ScoreboardProps) -> Html {
    let lang = use_lang();
    let s = lang.s();
    let order = [props.my_side, 1 - props.my_side];
    html! {
        <div class="scoreboard">
            <table class="score-table" data-testid="score">
                <thead>
                    <tr>
                        <th scope="col" class="hand-no">{ fill(s.hand_n, &[("n", &lang.num(props.hand_number))]) }</th>
                        <th scope="col">{ s.score }</th>
                        <th scope="col">{ s.tricks }</th>
                    </tr>
                </thead>
                <tbody>
                    { for order.iter().map(|&side| html! {
                        <tr class={classes!("team", (side == props.my_side).then_some("mine"))}
                            data-side={side.to_string()}>
                            <th scope="row" class="team-name">{ props.teams[side].clone() }</th>
                            <td class="pts" data-testid={format!("score-{side}")}
                                data-value={props.score[side].to_string()}>
                                { lang.num(props.score[side]) }
                            </td>
                            <td class="tricks" data-testid={format!("tricks-{side}")}
                                data-value={props.tricks[side].to_string()}>
                                { lang.num(props.tricks[side]) }
                            </td>
                        </tr>
                    }) }
                </tbody>
            </table>
            <div class="table-info">
                <span class="target" data-testid="target" data-value={props.target.to_string()}>
                    { fill(s.match_to, &[("n", &lang.num(props.target))]) }
                </span>
                <span class="info-trump">
                    <span class="info-label">{ s.trump }{ ": " }</span>
                    <TrumpBadge trump={props.trump} testid={AttrValue::from("trump")} />
                </span>
                <span class="info-hakem"><Crown />{ props.hakem.clone() }</span>
            </div>
        </div>
    }
}
