//! The hand result (HK-7, HK-8) with every hand's remaining cards (D-8), and the match
//! result (HK-9).

use crate::card_order::sort_hand;
use crate::components::analysis::{self, AnalysisProps, Request};
use crate::components::card::mini_card;
use crate::components::team::{side_won, team_result, Cell, Column, TeamResultProps};
use crate::i18n::{fill, Lang};
use engine::games::hokm::HandResult;
use yew::prelude::*;

pub struct ResultPanelProps {
    pub result: HandResult,
    /// Names of the players of each side.
    pub teams: [AttrValue; 2],
    /// Seat names, by engine seat.
    pub names: Vec<AttrValue>,
    pub score: [u8; 2],
    pub target: u8,
    /// The side that won the match, once it is over.
    pub match_winner: Option<usize>,
    pub on_next: Callback<()>,
    pub on_new_match: Callback<()>,
    /// The hand analysis' request, where this device holds the table's log (a local
    /// table): the analysis is offered (issue 12).
    pub analysis: Option<Request>,
}

/// The panel shown when a Hokm hand (and maybe the match) is over: who won it, kot, the
/// points, per side the tricks and the match score, and the cards left in hand.
pub fn result_panel(lang: Lang, props: &ResultPanelProps) -> Html {
    let s = lang.s();
    let h = lang.hokm();
    let r = &props.result;
    let winner_team = props.teams[r.winner].to_string();
    let solo = props.names.len() == 2;
    let leftovers: Vec<(usize, Vec<engine::Card>)> = r
        .remaining
        .iter()
        .enumerate()
        .map(|(i, &cards)| (i, sort_hand(cards)))
        .filter(|(_, v)| !v.is_empty())
        .collect();
    let before = html! {
        <>
            <p class="hand-winner">{ side_won(lang, [s.hand_won_by, s.hand_won_by_one, s.hand_won_by_you], &winner_team, solo) }</p>
            if r.hakem_kot {
                <p class="kot">{ h.hakem_kot }</p>
            } else if r.kot {
                <p class="kot">{ h.kot }</p>
            }
            <p class="points">
                { if r.points == 1 { h.point_one.to_string() } else { fill(h.points_n, &[("n", &lang.num(r.points))]) } }
            </p>
            // HK-8: why a hand is worth one point.
            if r.points == 1 {
                <p class="help" data-testid="points-why">{ h.no_kot_why }</p>
            }
        </>
    };
    let target = lang.num(props.target);
    let tricks = r.tricks.map(|n| Cell::num(lang, n));
    let score = props.score.map(|n| Cell {
        value: Some(n.to_string()),
        ..Cell::text(fill(s.score_of, &[("n", &lang.num(n)), ("t", &target)]))
    });
    let columns = vec![
        Column::new(s.tricks, "", "result-tricks", tricks),
        Column::new(s.score, "", "result-score", score),
    ];
    let attrs = vec![
        ("data-winner", r.winner.to_string()),
        ("data-points", r.points.to_string()),
    ];
    html! {
            { team_result(lang, &TeamResultProps {
                class: Default::default(),
                attrs,
                teams: props.teams.clone(),
                hand_winner: r.winner,
                solo,
                match_winner: props.match_winner,
                before,
                columns,
                children: html! {<>
                if let Some(request) = props.analysis.clone() {
                    <div class="analysis-row">
                        { analysis::offered(AnalysisProps { request, names: props.names.clone(), sides: props.teams.to_vec() }) }
                    </div>
                }
                if !leftovers.is_empty() {
                    <details class="leftovers">
                        <summary>{ s.cards_left }</summary>
                        { for leftovers.into_iter().map(|(seat, cards)| html! {
                            <div class="leftover-row">
                                <span class="leftover-name">{ props.names.get(seat).cloned().unwrap_or_default() }</span>
                                <span class="mini-cards" dir="ltr">
                                    { for cards.into_iter().map(|c| mini_card(lang, c, false)) }
                                </span>
                            </div>
                        }) }
                    </details>
                }
    </>}, on_next: props.on_next.clone(), on_new_match: props.on_new_match.clone() }) }
        }
}
