//! Shelem's score sheet (SH-7, SH-8, SH-10): the contract, made or failed or shelem, the
//! points each side took (the hakem's discards included and shown, D-8), what each side
//! scores this hand and the match totals (SH-9).

use crate::card_order::sort_hand;
use crate::cls;
use crate::components::analysis::{self, AnalysisProps, Request};
use crate::components::card::mini_card;
use crate::components::seat::trump_badge;
use crate::components::team::{team_result, Cell, Column, TeamResultProps};
use crate::i18n::{fill, Lang};
use engine::games::shelem::HandResult;
use yew::prelude::*;

pub struct ShelemResultProps {
    pub result: HandResult,
    /// Names of the players of each side.
    pub teams: [AttrValue; 2],
    /// Seat names, by engine seat.
    pub names: Vec<AttrValue>,
    /// Match totals after this hand.
    pub score: [i32; 2],
    pub target: i32,
    /// The side that won the match, once it is over.
    pub match_winner: Option<usize>,
    pub on_next: Callback<()>,
    pub on_new_match: Callback<()>,
    /// The hand analysis' request, where this device holds the table's log (a local
    /// table): the analysis is offered (issue 12).
    pub analysis: Option<Request>,
}

/// The panel shown when a Shelem hand (and maybe the match) is over.
pub fn shelem_result(lang: Lang, props: &ShelemResultProps) -> Html {
    let s = lang.s();
    let sh = lang.shelem();
    let r = &props.result;
    let hs = r.hakem.side();
    let hand_winner = if r.made { hs } else { 1 - hs };
    let hakem_name = props.names.get(r.hakem.idx()).cloned().unwrap_or_default();
    let contract = fill(
        sh.result_contract,
        &[("name", &hakem_name), ("n", &lang.num(r.bid))],
    );
    let (outcome, outcome_class) = if r.shelem {
        (sh.shelem.to_string(), "shelem")
    } else if r.made {
        (sh.made.to_string(), "made")
    } else {
        (fill(sh.failed, &[("n", &lang.num(r.bid))]), "failed")
    };
    let discards = sort_hand(r.discards);
    let before = html! {
        <>
            <p class="result-contract">
                <span>{ contract }</span>
                { " " }
                { trump_badge(lang, Some(r.trump), true, None) }
            </p>
            <p class={cls!("outcome", outcome_class)} data-testid="hand-outcome">{ outcome }</p>
        </>
    };
    let of_target = fill(s.score_of, &[("n", ""), ("t", &lang.num(props.target))]);
    let taken = r.taken.map(|n| Cell::num(lang, n));
    let points = r
        .points
        .map(|n| Cell::signed(lang, n, true).with_class((n < 0).then_some("neg")));
    let score = props
        .score
        .map(|n| Cell::signed(lang, n, false).then(&of_target));
    let columns = vec![
        Column::new(sh.taken_with_discards, "", "result-taken", taken),
        Column::new(sh.this_hand, "delta", "result-points", points),
        Column::new(sh.total, "total", "result-score", score),
    ];
    let attrs = vec![
        ("data-made", r.made.to_string()),
        ("data-shelem", r.shelem.to_string()),
        ("data-bid", r.bid.to_string()),
        ("data-hakem", r.hakem.0.to_string()),
        ("data-winner", hand_winner.to_string()),
        ("data-in-play", r.points_in_play.to_string()),
        ("data-taken-0", r.taken[0].to_string()),
        ("data-taken-1", r.taken[1].to_string()),
        ("data-points-0", r.points[0].to_string()),
        ("data-points-1", r.points[1].to_string()),
    ];
    html! {
            { team_result(lang, &TeamResultProps {
                class: "shelem-result".into(),
                attrs,
                teams: props.teams.clone(),
                hand_winner,
                solo: props.names.len() == 2,
                match_winner: props.match_winner,
                before,
                columns,
                children: html! {<>
                <p class="in-play">{ fill(sh.points_in_play, &[("n", &lang.num(r.points_in_play))]) }</p>
                if let Some(request) = props.analysis.clone() {
                    <div class="analysis-row">
                        { analysis::offered(AnalysisProps { request, names: props.names.clone(), sides: props.teams.to_vec() }) }
                    </div>
                }
                if !discards.is_empty() {
                    <div class="result-discards" data-testid="result-discards">
                        <span class="leftover-name">{ sh.discards_of_hakem }</span>
                        <span class="mini-cards" dir="ltr">
                            { for discards.into_iter().map(|c| mini_card(lang, c, false)) }
                        </span>
                    </div>
                }
    </>}, on_next: props.on_next.clone(), on_new_match: props.on_new_match.clone() }) }
        }
}
