//! Bidel's scores: the top bar (every player's points this hand and total, the target, the
//! passing direction, hearts broken, the trump of trump mode) and the hand result (BD-7 …
//! BD-9).

use crate::cls;
use crate::components::actions::result_actions;
use crate::components::analysis::{self, AnalysisProps};
use crate::components::card::{mini_card, suit_shape};
use crate::components::scoreboard::{player_scores, PlayerColumn};
use crate::components::seat::trump_badge;
use crate::i18n::{about, fill, Lang};
use crate::seen::Seen;
use engine::games::bidel::{BidelTrump, BidelView, HandResult, PassDirection};
use engine::games::hokm::Trump;
use engine::{Card, Seat, Suit};
use yew::prelude::*;

/// The trump badge's form of a Bidel trump (no trump shows as a mode).
pub fn badge_trump(t: Option<BidelTrump>) -> Option<Trump> {
    match t? {
        BidelTrump::Suit(s) => Some(Trump::Suit(s)),
        BidelTrump::NoTrump => None,
    }
}

/// The `data-` name of a passing direction (BD-2).
pub fn direction_name(d: PassDirection) -> &'static str {
    match d {
        PassDirection::Right => "right",
        PassDirection::Left => "left",
        PassDirection::Across => "across",
        PassDirection::None => "none",
    }
}

/// The arrow of a passing direction.
pub fn direction_arrow(d: PassDirection) -> &'static str {
    match d {
        PassDirection::Right => "→",
        PassDirection::Left => "←",
        PassDirection::Across => "↑",
        PassDirection::None => "•",
    }
}

/// The top bar: every player's points this hand and total, the target, the passing
/// direction, hearts broken, and the trump in trump mode.
pub fn scoreboard(lang: Lang, seen: &Seen, view: &BidelView) -> Html {
    let s = lang.s();
    let b = lang.bidel();
    let dir = match view.pass_direction {
        PassDirection::Right => b.dir_right,
        PassDirection::Left => b.dir_left,
        PassDirection::Across => b.dir_across,
        PassDirection::None => b.dir_none,
    };
    let points: Vec<i32> = view.points.iter().map(|&p| p as i32).collect();
    let columns = [
        PlayerColumn {
            heading: b.hand_points,
            class: "tricks",
            testid: "hand-points",
            values: &points,
        },
        PlayerColumn {
            heading: b.total,
            class: "pts",
            testid: "total",
            values: &view.totals,
        },
    ];
    let info = html! {
        <div class="table-info">
            <span class="target" data-testid="target" data-value={view.settings.target.to_string()}>
                { fill(b.game_to, &[("n", &lang.num(view.settings.target))]) }
            </span>
            <span class="pass-dir" data-testid="pass-direction"
                data-value={direction_name(view.pass_direction)}>
                <span aria-hidden="true">{ direction_arrow(view.pass_direction) }{ " " }</span>{ dir }
            </span>
            <span class={cls!("hearts", view.hearts_broken.then_some("broken"))}
                data-testid="hearts-broken" data-value={view.hearts_broken.to_string()}>
                <svg class="suit-icon" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
                    { suit_shape(Suit::Hearts, 50.0, 50.0, 80.0, false) }
                </svg>
                { if view.hearts_broken { b.hearts_broken } else { b.hearts_not_broken } }
            </span>
            if view.settings.trump_mode && view.trump.is_some() {
                <span class="info-trump">
                    <span class="info-label">{ s.trump }{ ": " }</span>
                    if view.trump == Some(BidelTrump::NoTrump) {
                        <span class="trump-badge mode" data-testid="trump" data-trump="none">
                            <span class="trump-name">{ b.no_trump }</span>
                        </span>
                    } else {
                        { trump_badge(lang, badge_trump(view.trump), true, Some("trump")) }
                    }
                </span>
            }
        </div>
    };
    player_scores(
        lang,
        seen,
        "bidel-scoreboard",
        view.hand_number,
        &columns,
        info,
    )
}

/// The hand result: points taken and scored by each player, a moon shot, the totals, and
/// at the end of the game its winner (the lowest score, BD-8).
pub fn result_panel(
    lang: Lang,
    seen: &Seen,
    view: &BidelView,
    r: &HandResult,
    (on_next, on_new): (Callback<MouseEvent>, Callback<MouseEvent>),
    analysis: Option<analysis::Request>,
) -> Html {
    let s = lang.s();
    let b = lang.bidel();
    let over = view.winner.is_some();
    let title = if over { s.match_over } else { s.hand_over };
    let qs: Card = Card::new(Suit::Spades, engine::Rank::QUEEN);
    html! {
        <div class="overlay result-overlay">
            <section class={cls!("panel", "result-panel", over.then_some("match-over"))}
                data-testid="hand-result" data-moon={r.moon.map(|m| m.0.to_string()).unwrap_or_default()}
                role="dialog" aria-modal="false" aria-labelledby="result-title">
                <h2 id="result-title">{ title }</h2>
                if let Some(w) = view.winner {
                    <p class="match-winner" data-testid="match-result" data-winner={w.0.to_string()}>
                        { about(lang, &seen.name(w), b.match_won_by, b.match_won_you, &[]) }
                    </p>
                }
                if let Some(m) = r.moon {
                    <p class="kot" data-testid="moon">{ about(lang, &seen.name(m), b.moon_shot, b.moon_shot_you, &[]) }</p>
                }
                <p class="points">
                    { mini_card(lang, qs, false) }
                    { fill(b.queen_taken_by, &[("name", &seen.name(r.queen_of_spades))]) }
                </p>
                <table class="result-table">
                    <thead>
                        <tr>
                            <th scope="col">{ b.player }</th>
                            <th scope="col">{ b.taken }</th>
                            <th scope="col">{ b.scored }</th>
                            <th scope="col">{ b.total }</th>
                        </tr>
                    </thead>
                    <tbody>
                        { for (0..seen.n).map(|i| {
                            let seat = Seat(i);
                            let i = i as usize;
                            let won = r.winners.contains(&i);
                            html! {
                                <tr class={cls!(won.then_some("won"))} data-testid={format!("result-row-{i}")}
                                    data-taken={r.taken.get(i).copied().unwrap_or(0).to_string()}
                                    data-points={r.points.get(i).copied().unwrap_or(0).to_string()}
                                    data-total={r.totals.get(i).copied().unwrap_or(0).to_string()}>
                                    <th scope="row">{ seen.name(seat) }</th>
                                    <td>{ lang.num(r.taken.get(i).copied().unwrap_or(0)) }</td>
                                    <td>{ lang.num(r.points.get(i).copied().unwrap_or(0)) }</td>
                                    <td>{ lang.num(r.totals.get(i).copied().unwrap_or(0)) }</td>
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
                <p class="help">{ b.lowest_wins }{ " · " }{ fill(b.game_to, &[("n", &lang.num(view.settings.target))]) }</p>
                if let Some(request) = analysis {
                    <div class="analysis-row">
                        { analysis::offered(AnalysisProps { request, names: seen.names.clone(), sides: seen.names.clone() }) }
                    </div>
                }
                { result_actions(lang, over, on_next.clone(), on_new.clone()) }
            </section>
        </div>
    }
}
