//! Shelem's score sheet (SH-7, SH-8, SH-10): the contract, made or failed or shelem, the
//! points each side took (the hakem's discards included and shown, D-8), what each side
//! scores this hand and the match totals (SH-9).

use crate::app::use_lang;
use crate::components::card::MiniCard;
use crate::components::hand::sort_hand;
use crate::components::result::result_actions;
use crate::components::seat::TrumpBadge;
use crate::i18n::fill;
use engine::games::shelem::HandResult;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
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
}

/// A number of points with its sign: "+120" (when `plus`), "−120", "0" (Persian digits in
/// Persian). Shown inside `<bdi dir="ltr">` so the minus stays on the left in Persian too.
pub fn points_text(lang: crate::i18n::Lang, n: i32, plus: bool) -> String {
    let sign = if n > 0 && plus {
        "+"
    } else if n < 0 {
        "−"
    } else {
        ""
    };
    format!("{sign}{}", lang.num(n.unsigned_abs()))
}

/// The panel shown when a Shelem hand (and maybe the match) is over.
#[function_component(ShelemResult)]
pub fn shelem_result(props: &ShelemResultProps) -> Html {
    let lang = use_lang();
    let s = lang.s();
    let sh = lang.shelem();
    let r = &props.result;
    let hs = r.hakem.side();
    let hand_winner = if r.made { hs } else { 1 - hs };
    let over = props.match_winner.is_some();
    let title = if over { s.match_over } else { s.hand_over };
    let on_next = props.on_next.reform(|_: MouseEvent| ());
    let on_new = props.on_new_match.reform(|_: MouseEvent| ());
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
    let mut panel = html! {
            <section class={classes!("panel", "result-panel", "shelem-result", over.then_some("match-over"))}
                data-testid="hand-result" data-made={r.made.to_string()} data-shelem={r.shelem.to_string()}
                data-bid={r.bid.to_string()} data-hakem={r.hakem.0.to_string()}
                data-winner={hand_winner.to_string()} data-in-play={r.points_in_play.to_string()}
                role="dialog" aria-modal="false" aria-labelledby="result-title">
                <h2 id="result-title">{ title }</h2>
                if let Some(w) = props.match_winner {
                    <p class="match-winner" data-testid="match-result" data-winner={w.to_string()}>
                        { fill(s.match_won_by, &[("team", &props.teams[w])]) }
                    </p>
                }
                <p class="result-contract">
                    <span>{ contract }</span>
                    { " " }
                    <TrumpBadge trump={Some(r.trump)} />
                </p>
                <p class={classes!("outcome", outcome_class)} data-testid="hand-outcome">{ outcome }</p>
                <table class="result-table">
                    <thead>
                        <tr>
                            <th></th>
                            <th scope="col">{ sh.taken_with_discards }</th>
                            <th scope="col">{ sh.this_hand }</th>
                            <th scope="col">{ sh.total }</th>
                        </tr>
                    </thead>
                    <tbody>
                        { for [0usize, 1].iter().map(|&side| html! {
                            <tr class={classes!((side == hand_winner).then_some("won"))}
                                data-testid={format!("result-row-{side}")}>
                                <th scope="row">{ props.teams[side].clone() }</th>
                                <td data-testid={format!("result-taken-{side}")}
                                    data-value={r.taken[side].to_string()}>
                                    { lang.num(r.taken[side]) }
                                </td>
                                <td class={classes!("delta", (r.points[side] < 0).then_some("neg"))}
                                    data-testid={format!("result-points-{side}")}
                                    data-value={r.points[side].to_string()}>
                                    <bdi dir="ltr">{ points_text(lang, r.points[side], true) }</bdi>
                                </td>
                                <td class="total" data-testid={format!("result-score-{side}")}
                                    data-value={props.score[side].to_string()}>
                                    <bdi dir="ltr">{ points_text(lang, props.score[side], false) }</bdi>
                                    { fill(s.score_of, &[("n", ""), ("t", &lang.num(props.target))]) }
                                </td>
                            </tr>
                        }) }
                    </tbody>
                </table>
                <p class="in-play">{ fill(sh.points_in_play, &[("n", &lang.num(r.points_in_play))]) }</p>
                if !discards.is_empty() {
                    <div class="result-discards" data-testid="result-discards">
                        <span class="leftover-name">{ sh.discards_of_hakem }</span>
                        <span class="mini-cards" dir="ltr">
                            { for discards.into_iter().map(|c| html! { <MiniCard card={c} /> }) }
                        </span>
                    </div>
                }
                { result_actions(lang, over, on_next.clone(), on_new.clone()) }
            </section>
    };
    // Per side, as attributes for tests (names ending in a digit are written this way).
    if let Html::VTag(tag) = &mut panel {
        let tag = std::rc::Rc::make_mut(tag);
        tag.add_attribute("data-taken-0", r.taken[0].to_string());
        tag.add_attribute("data-taken-1", r.taken[1].to_string());
        tag.add_attribute("data-points-0", r.points[0].to_string());
        tag.add_attribute("data-points-1", r.points[1].to_string());
    }
    html! { <div class="overlay result-overlay">{ panel }</div> }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn signed_points() {
        assert_eq!(points_text(Lang::En, 120, true), "+120");
        assert_eq!(points_text(Lang::En, 120, false), "120");
        assert_eq!(points_text(Lang::En, -105, true), "−105");
        assert_eq!(points_text(Lang::En, 0, true), "0");
        assert_eq!(points_text(Lang::Fa, -105, false), "−۱۰۵");
    }
}
