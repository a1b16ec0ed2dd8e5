//! The result of a shedding hand (Crazy Eights, Haft Khabis): who went out or a blocked
//! hand, everyone's remaining cards (D-8), the points and totals, the winners of the match.

use crate::cls;
use crate::components::actions::result_actions;
use crate::components::card::mini_card_text;
use crate::components::sheet::escape;
use crate::i18n::{about, Lang};
use crate::seen::Seen;
use engine::{Card, CardBag, Seat, SeatSet};
use yew::prelude::*;

/// A finished hand, as the result panel shows it.
pub struct HandOutcome<'a> {
    /// The match (game) is over.
    pub over: bool,
    /// Who went out first; none in a blocked hand.
    pub winner: Option<Seat>,
    pub blocked: bool,
    /// Everyone's cards at the end (D-8).
    pub hands: &'a [CardBag],
    pub points: &'a [i32],
    pub totals: &'a [i32],
    /// Seats out of the game (Haft Khabis, HX-13).
    pub eliminated: SeatSet,
    /// The heading of the points column.
    pub points_heading: &'static str,
    /// The match's winners, once it is over.
    pub match_winners: &'a [Seat],
    /// The game's own lines under the title (a multiplier, the end of the game).
    pub notes: Html,
    /// A line under a player's points (why the hand counts so much), by seat; may be short.
    pub row_notes: Vec<Option<String>>,
    /// The bottom player is out of the match while the others play on: the next button
    /// watches them, and a new match is offered beside it.
    pub watch: bool,
}

/// The result's table: a row per player with their cards left (D-8), points and total.
/// Markup text: it is only shown, and text is less of the page's code than elements built one
/// by one (issue 25). Names are escaped.
fn result_table(lang: Lang, seen: &Seen, r: &HandOutcome) -> String {
    let t = lang.shedding();
    let mut out = format!(
        r#"<table class="result-table"><thead><tr><th scope="col">{}</th><th scope="col">{}</th><th scope="col">{}</th><th scope="col">{}</th></tr></thead><tbody>"#,
        t.player, t.cards_left, r.points_heading, t.total
    );
    for i in 0..seen.n {
        let seat = Seat(i);
        let i = i as usize;
        let cards: Vec<Card> = r
            .hands
            .get(i)
            .map(|h| h.iter().collect())
            .unwrap_or_default();
        let eliminated = r.eliminated.contains(seat);
        let points = r.points.get(i).copied().unwrap_or(0);
        let total = r.totals.get(i).copied().unwrap_or(0);
        let class = cls!(
            (r.winner == Some(seat)).then_some("won"),
            eliminated.then_some("eliminated")
        );
        out += &format!(
            r#"<tr class="{class}" data-testid="result-row-{i}" data-cards="{}" data-points="{points}" data-total="{total}" data-eliminated="{eliminated}"><th scope="row">{}"#,
            cards.len(),
            escape(&seen.name(seat))
        );
        if eliminated {
            out += &format!(r#"<span class="declared"> · {}</span>"#, t.eliminated);
        }
        out += r#"</th><td class="result-cards">"#;
        for &c in &cards {
            out += &mini_card_text(lang, c, false);
        }
        out += &format!(r#"</td><td class="result-points">{}"#, lang.num(points));
        if let Some(note) = r.row_notes.get(i).cloned().flatten() {
            out += &format!(
                r#"<small class="row-note" data-testid="row-note-{i}">{}</small>"#,
                escape(&note)
            );
        }
        out += &format!(
            r#"</td><td class="result-total">{}</td></tr>"#,
            lang.num(total)
        );
    }
    out + "</tbody></table>"
}

/// The hand result: who went out (or a blocked hand), everyone's remaining cards (D-8),
/// the points and totals, and the winners at the end of the match.
pub fn result_panel(
    lang: Lang,
    seen: &Seen,
    r: HandOutcome,
    on_next: Callback<()>,
    on_new: Callback<()>,
) -> Html {
    let on_next = on_next.reform(|_: MouseEvent| ());
    let on_new = on_new.reform(|_: MouseEvent| ());
    let s = lang.s();
    let t = lang.shedding();
    let title = if r.over { s.match_over } else { s.hand_over };
    let sep = if lang == Lang::Fa { "، " } else { ", " };
    let winners = r
        .match_winners
        .iter()
        .map(|&w| seen.name(w).to_string())
        .collect::<Vec<_>>()
        .join(sep);
    let table = result_table(lang, seen, &r);
    html! {
        <div class="overlay result-overlay">
            <section class={cls!("panel", "result-panel", r.over.then_some("match-over"))}
                data-testid="hand-result" data-blocked={r.blocked.to_string()}
                data-winner={r.winner.map(|w| w.0.to_string()).unwrap_or_default()}
                role="dialog" aria-modal="false" aria-labelledby="result-title">
                <h2 id="result-title">{ title }</h2>
                if r.over && !r.match_winners.is_empty() {
                    <p class="match-winner" data-testid="match-result"
                        data-winner={r.match_winners.iter().map(|w| w.0.to_string()).collect::<Vec<_>>().join(" ")}>
                        { about(lang, &winners, t.match_won_by, t.match_won_you, &[]) }
                    </p>
                }
                if let Some(w) = r.winner {
                    <p class="points">{ about(lang, &seen.name(w), t.went_out, t.went_out_you, &[]) }</p>
                }
                if r.blocked {
                    <p class="points">{ t.blocked }</p>
                }
                { r.notes }
                { Html::from_html_unchecked(table.into()) }
                if r.watch && !r.over {
                    <div class="actions">
                        <button type="button" class="btn" data-testid="next-hand" onclick={on_next}>
                            { t.watch_on }
                        </button>
                        <button type="button" class="btn btn-secondary" data-testid="new-match" onclick={on_new}>
                            { lang.site().new_match }
                        </button>
                    </div>
                } else {
                    { result_actions(lang, r.over, on_next, on_new) }
                }
            </section>
        </div>
    }
}
