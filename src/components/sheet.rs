//! The score sheet on screen: a button in the table's top bar opens every finished hand's
//! points per side with a chart of the running totals ([`ScoresButton`]); the match result
//! shows the chart, the sheet and this device's statistics ([`MatchSummary`]); the home
//! page shows the statistics under each game ([`stats_line`]).
//!
//! The table's frame provides a [`SheetCtx`] (names, your side, the rules, and how to
//! rebuild the sheet from the log); the sheet is rebuilt only while it is on screen, once
//! per action ([`crate::sheet::hand_history`]). [`use_match_stats`] counts a finished match
//! in this device's statistics, once.

use crate::adapters::UiGame;
use crate::components::net::RoomInfo;
use crate::context::use_lang;
use crate::i18n::{fill, Lang};
use crate::seen::Seen;
use crate::sheet::SheetRules;
use crate::sheet::{best_hand, history_of, match_record, sheet_rules, your_side, History};
use crate::state::TableState;
use crate::stats::{match_key, MatchRecord, Stats};
use engine::{Seat, Status};
use std::rc::Rc;
use yew::prelude::*;

/// Line colours of the sides, distinguishable on the light panel (Okabe and Ito's
/// colour-blind-safe palette, darkened where it was too light to read).
pub const COLORS: [&str; 8] = [
    "#0072b2", "#d55e00", "#009e73", "#cc3f94", "#8a6500", "#4b3b8f", "#444444", "#2b9fd6",
];

/// What the table tells the score sheet.
#[derive(Clone, PartialEq)]
pub struct SheetCtx {
    /// The game's slug (its statistics' key).
    pub slug: &'static str,
    /// The name of each side as the table names it (a team, or a player).
    pub names: Rc<Vec<AttrValue>>,
    /// Your side, if a seat is yours.
    pub mine: Option<usize>,
    pub rules: SheetRules,
    /// The log's length: the sheet is rebuilt when it changes.
    pub log_len: usize,
    /// The key of this match in the statistics.
    pub key: Rc<str>,
    /// Whether your side won, once the match is over.
    pub won: Option<bool>,
    /// Rebuilds the sheet from the log.
    pub history: Callback<(), Rc<History>>,
}

/// The names of the sides: each side's seats by name ("A and C" for a team of two).
fn side_names<G: UiGame>(st: &TableState<G>, seen: &Seen, lang: Lang) -> Vec<AttrValue> {
    let n = st.players();
    (0..G::side_count(n))
        .map(|side| {
            let seats: Vec<AttrValue> = (0..seen.n)
                .map(Seat)
                .filter(|&s| G::seat_side(s) == side)
                .map(|s| seen.name(s))
                .collect();
            match &seats[..] {
                [a, b] => fill(lang.s().team_of, &[("a", a), ("b", b)]).into(),
                [a] => a.clone(),
                _ => seats
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
                    .into(),
            }
        })
        .collect()
}

/// The score sheet's context of a table (see [`crate::pages::table::frame`]) whose link is
/// `link` (`#/<game>?…`).
pub fn sheet_context<G: UiGame>(
    st: &UseReducerHandle<TableState<G>>,
    seen: &Seen,
    lang: Lang,
    link: &str,
) -> SheetCtx {
    let mine = your_side::<G>(st);
    // Whether your side won, once the match is over (the sheet's replay of the log knows).
    let won = (st.status == Status::MatchOver)
        .then(|| crate::local::history::<G>(st).winners)
        .flatten()
        .and_then(|w| mine.map(|m| w.contains(&m)));
    let handle = st.clone();
    SheetCtx {
        slug: G::ID.slug(),
        names: Rc::new(side_names(st, seen, lang)),
        mine,
        rules: sheet_rules::<G>(&st.config.settings),
        log_len: st.step as usize,
        key: match_key(link).into(),
        won,
        history: Callback::from(move |()| Rc::new(crate::local::history::<G>(&handle))),
    }
}

/// Counts a finished match in this device's statistics, once (a reload of a finished match
/// finds its key already counted).
#[hook]
pub fn use_match_stats<G: UiGame>(state: &UseReducerHandle<TableState<G>>) {
    let over = state.status == Status::MatchOver;
    let st = state.clone();
    use_effect_with((over, state.step), move |&(over, _)| {
        if over {
            if let Some(m) = match_record(&st, &crate::local::history(&st)) {
                Stats::record_stored(G::ID.slug(), &m);
            }
        }
    });
}

/// The sheet of the table in context, rebuilt once per action while shown (`None` while
/// hidden). Online, the sheet is the room's (the relay sends it: the page holds no log).
#[hook]
pub fn use_history(ctx: Option<&SheetCtx>) -> Option<Rc<History>> {
    let online = use_context::<RoomInfo>().and_then(|r| r.sheet);
    let deps = ctx.map(|c| (c.log_len, c.key.clone(), online, c.rules.points_are_totals));
    let history = ctx.map(|c| c.history.clone());
    let memo = use_memo(deps, move |d| {
        let (_, _, online, points_are_totals) = d.as_ref()?;
        match online {
            Some(tally) => Some(Rc::new(history_of(tally, *points_are_totals))),
            None => history.map(|h| h.emit(())),
        }
    });
    (*memo).clone()
}

/// The top bar's button that opens the score sheet of the table in context (`ctx`), and the
/// sheet under it while `open` (`history`, rebuilt only while open: [`use_history`]); `toggle`
/// opens or closes it.
pub fn scores_button(
    lang: Lang,
    open: bool,
    toggle: Callback<MouseEvent>,
    ctx: Option<&SheetCtx>,
    history: Option<Rc<History>>,
) -> Html {
    let t = lang.sheet();
    let Some(ctx) = ctx else {
        return Html::default();
    };
    let body = history.map(|h| sheet_html(lang, ctx, &h, false));
    html! {
        <div class="scores">
            <button type="button" class="btn-ghost" data-testid="scores-button"
                aria-expanded={open.to_string()} aria-label={t.sheet} title={t.sheet}
                onclick={toggle.clone()}>
                { icon!(r#"<path d="M4 4 V20 H20 M7 16 L11 11 L14 13 L19 6" />"#) }
            </button>
            if let Some(body) = body {
                <div class="panel share-pop scores-panel" data-testid="scores-panel" role="dialog"
                    aria-label={t.sheet}>
                    <h2>{ t.sheet }</h2>
                    { Html::from_html_unchecked(body.into()) }
                    <div class="popover-actions">
                        <span></span>
                        <button type="button" class="btn btn-small" data-testid="scores-close"
                            onclick={toggle}>{ lang.site().close }</button>
                    </div>
                </div>
            }
        </div>
    }
}

/// What the match result adds at the end of a match: the chart of the running totals, the
/// table of every hand (folded) and this device's statistics of the game. Nothing outside
/// a table.
#[function_component(MatchSummary)]
pub fn match_summary() -> Html {
    let lang = use_lang();
    let ctx = use_context::<SheetCtx>();
    let history = use_history(ctx.as_ref());
    let (Some(ctx), Some(history)) = (ctx, history) else {
        return Html::default();
    };
    // The statistics with this match counted (the effect that stores it may not have run
    // yet; counting it again changes nothing).
    let stats = ctx.won.zip(ctx.mine).map(|(won, side)| {
        let mut st = Stats::load(ctx.slug);
        st.record(&MatchRecord {
            key: ctx.key.to_string(),
            won,
            best_hand: best_hand(&history, side, ctx.rules.lower_wins),
            lower_wins: ctx.rules.lower_wins,
        });
        st
    });
    let body = sheet_html(lang, &ctx, &history, true);
    html! {
        <section class="match-summary" data-testid="match-summary">
            { Html::from_html_unchecked(body.into()) }
            { stats.map(|st| stats_line(lang, &st, "match-stats")).unwrap_or_default() }
        </section>
    }
}

/// Text for HTML: `&`, `<`, `>` and quotes escaped (names are typed by players).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A number of points with its sign ("+3", "−2") or a total ("−2"), the minus kept on the
/// left in Persian too.
fn signed(lang: Lang, n: i32, plus: bool) -> String {
    crate::i18n::points_text(lang, n, plus)
}

/// ` class="mine"` on your side's cells.
fn mine_class(ctx: &SheetCtx, side: usize) -> &'static str {
    if ctx.mine == Some(side) {
        " class=\"mine\""
    } else {
        ""
    }
}

/// The sheet's markup: the chart and the table of every hand (folded in a `<details>` in
/// the match result), or a line saying no hand ended yet. Built as text (it is only shown,
/// never edited), which keeps the pages' code small.
fn sheet_html(lang: Lang, ctx: &SheetCtx, h: &History, folded: bool) -> String {
    let t = lang.sheet();
    if h.lines.is_empty() {
        return format!(
            "<p class=\"help\" data-testid=\"scores-empty\">{}</p>",
            t.no_hand_yet
        );
    }
    let mut out = chart_html(lang, ctx, h);
    if folded {
        out.push_str(&format!(
            "<details class=\"scores-details\" data-testid=\"scores-details\"><summary>{}</summary>",
            t.every_hand
        ));
    }
    out.push_str(&table_html(lang, ctx, h));
    if folded {
        out.push_str("</details>");
    }
    out
}

/// The table of every hand: a row per hand (its points and the totals after it, per side)
/// and the totals.
fn table_html(lang: Lang, ctx: &SheetCtx, h: &History) -> String {
    let t = lang.sheet();
    let sides = h.sides();
    let mut out = format!(
        "<div class=\"scores-scroll\"><table class=\"scores-table\" data-testid=\"scores-table\" data-hands=\"{}\"><thead><tr><th scope=\"col\">{}</th>",
        h.lines.len(),
        t.hand
    );
    for side in 0..sides {
        out.push_str(&format!(
            "<th scope=\"col\"{} data-side=\"{side}\"><span class=\"swatch\" style=\"background:{}\"></span>{}</th>",
            mine_class(ctx, side),
            COLORS[side % COLORS.len()],
            escape(ctx.names.get(side).map_or("", |n| n.as_str()))
        ));
    }
    out.push_str("</tr></thead><tbody>");
    for (k, l) in h.lines.iter().enumerate() {
        out.push_str(&format!(
            "<tr data-testid=\"scores-row-{}\"><th scope=\"row\">{}</th>",
            k + 1,
            lang.num(k + 1)
        ));
        for side in 0..sides {
            let p = l.points.get(side).copied().unwrap_or(0);
            let total = l.totals.get(side).copied().unwrap_or(0);
            out.push_str(&format!(
                "<td{} data-side=\"{side}\" data-points=\"{p}\" data-total=\"{total}\"><bdi class=\"pts\" dir=\"ltr\">{}</bdi><bdi class=\"tot\" dir=\"ltr\">{}</bdi></td>",
                mine_class(ctx, side),
                signed(lang, p, true),
                signed(lang, total, false)
            ));
        }
        out.push_str("</tr>");
    }
    out.push_str(&format!(
        "</tbody><tfoot><tr data-testid=\"scores-totals\"><th scope=\"row\">{}</th>",
        t.total
    ));
    for (side, v) in h.totals().iter().enumerate() {
        out.push_str(&format!(
            "<td{} data-side=\"{side}\" data-value=\"{v}\"><bdi dir=\"ltr\">{}</bdi></td>",
            mine_class(ctx, side),
            signed(lang, *v, false)
        ));
    }
    out.push_str("</tr></tfoot></table></div>");
    out
}

/// Round steps for an axis from `lo` to `hi`: 1, 2 or 5 times a power of ten, about four
/// of them.
pub fn axis_step(lo: i32, hi: i32) -> i32 {
    let span = (i64::from(hi) - i64::from(lo)).max(1);
    let mut step: i64 = 1;
    loop {
        for m in [1, 2, 5] {
            if span / (step * m) <= 4 {
                return (step * m).min(i64::from(i32::MAX)) as i32;
            }
        }
        step = step.saturating_mul(10);
    }
}

/// The chart's geometry, in the SVG's own units (tenths of a pixel at its natural size,
/// so every coordinate is a whole number: no float formatting in the page's code).
const W: i32 = 3400;
const H: i32 = 1900;
const TOP: i32 = 120;
const BOTTOM: i32 = 240;
/// The side of the y axis' labels.
const AXIS: i32 = 340;
/// The far side's margin.
const FAR: i32 = 140;

/// `a * b / c` without overflow (0 when `c` is 0).
fn scale(a: i64, b: i64, c: i64) -> i32 {
    if c == 0 {
        return 0;
    }
    (a.saturating_mul(b) / c).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// The hands labelled under the chart of `n` hands: about ten, the last always, none too
/// close to it.
pub fn tick_hands(n: usize) -> Vec<usize> {
    let every = n.div_ceil(10).max(1);
    (1..=n)
        .filter(|&i| i == n || (i % every == 0 && (every == 1 || n - i >= every)))
        .collect()
}

/// A side's marker at (`x`, `y`): a circle, square, triangle or diamond.
fn marker(side: usize, x: i32, y: i32) -> String {
    let shape = match side % 4 {
        0 => "<circle r=\"30\"",
        1 => "<rect x=\"-28\" y=\"-28\" width=\"56\" height=\"56\"",
        2 => "<path d=\"M0 -38 L36 26 L-36 26 Z\"",
        _ => "<path d=\"M0 -38 L38 0 L0 38 L-38 0 Z\"",
    };
    format!("{shape} transform=\"translate({x} {y})\"/>")
}

/// The chart of the running totals: a line per side from the start of the match to the last
/// hand (yours thicker, drawn last), the target as a dashed line, and a legend naming the
/// sides with their totals. In Persian the hands run from right to left; the drawing's text
/// is laid out left to right.
fn chart_html(lang: Lang, ctx: &SheetCtx, h: &History) -> String {
    let t = lang.sheet();
    let rtl = lang == Lang::Fa;
    let n = h.lines.len().max(1);
    let sides = h.sides();
    let value = |side: usize, i: usize| -> i32 {
        let v = if i == 0 {
            &h.start
        } else {
            &h.lines[(i - 1).min(h.lines.len().saturating_sub(1))].totals
        };
        v.get(side).copied().unwrap_or(0)
    };
    let all = || {
        (0..sides)
            .flat_map(move |s| (0..=h.lines.len()).map(move |i| value(s, i)))
            .chain(ctx.rules.target)
    };
    let lo = all().min().unwrap_or(0).min(0);
    let hi = all().max().unwrap_or(1).max(lo.saturating_add(1));
    let step = axis_step(lo, hi);
    let lo = lo.div_euclid(step).saturating_mul(step);
    let hi = (hi.div_euclid(step) + i32::from(hi.rem_euclid(step) != 0)).saturating_mul(step);
    let (left, right) = if rtl {
        (FAR, W - AXIS)
    } else {
        (AXIS, W - FAR)
    };
    let x = |i: usize| {
        let dx = scale(i as i64, i64::from(right - left), n as i64);
        if rtl {
            right - dx
        } else {
            left + dx
        }
    };
    let y = |v: i32| {
        TOP + scale(
            i64::from(hi) - i64::from(v),
            i64::from(H - TOP - BOTTOM),
            i64::from(hi) - i64::from(lo),
        )
    };
    let mut out = format!(
        "<figure class=\"scores-chart\" data-testid=\"scores-chart\" data-hands=\"{}\"><svg class=\"chart\" viewBox=\"0 0 {W} {H}\" dir=\"ltr\" role=\"img\" aria-label=\"{}\"><title>{}</title>",
        h.lines.len(),
        t.chart_label,
        t.chart_label
    );
    // The grid, its values beside the axis.
    let (label_x, anchor) = if rtl {
        (W - AXIS + 50, "start")
    } else {
        (AXIS - 50, "end")
    };
    let mut v = lo;
    for _ in 0..12 {
        if v > hi {
            break;
        }
        out.push_str(&format!(
            "<line class=\"grid{}\" x1=\"{left}\" x2=\"{right}\" y1=\"{y}\" y2=\"{y}\"/><text x=\"{label_x}\" y=\"{}\" text-anchor=\"{anchor}\">{}</text>",
            if v == 0 { " zero" } else { "" },
            y(v) + 40,
            lang.num(v),
            y = y(v)
        ));
        v = v.saturating_add(step);
    }
    if let Some(v) = ctx.rules.target {
        let label = if ctx.rules.lower_wins {
            t.limit_line
        } else {
            t.target_line
        };
        // The label sits at the start of the match, where the lines are lowest.
        let (tx, anchor) = if rtl { (right, "end") } else { (left, "start") };
        out.push_str(&format!(
            "<g class=\"target-line\" data-testid=\"chart-target\" data-value=\"{v}\"><line x1=\"{left}\" x2=\"{right}\" y1=\"{y}\" y2=\"{y}\"/><text x=\"{tx}\" y=\"{}\" text-anchor=\"{anchor}\">{}</text></g>",
            y(v) - 40,
            fill(label, &[("n", &lang.num(v))]),
            y = y(v)
        ));
    }
    // The lines, yours last (over the others).
    for side in (0..sides)
        .filter(|&s| ctx.mine != Some(s))
        .chain(ctx.mine.filter(|&m| m < sides))
    {
        let color = COLORS[side % COLORS.len()];
        let values: Vec<String> = (0..=h.lines.len())
            .map(|i| value(side, i).to_string())
            .collect();
        let points: Vec<String> = (0..=h.lines.len())
            .map(|i| format!("{},{}", x(i), y(value(side, i))))
            .collect();
        out.push_str(&format!(
            "<g class=\"series{}\" stroke=\"{color}\" fill=\"{color}\" data-side=\"{side}\" data-totals=\"{}\"><polyline fill=\"none\" points=\"{}\"/>",
            if ctx.mine == Some(side) { " mine" } else { "" },
            values.join(","),
            points.join(" ")
        ));
        if n <= 24 {
            for i in 1..=h.lines.len() {
                out.push_str(&marker(side, x(i), y(value(side, i))));
            }
        }
        out.push_str("</g>");
    }
    for i in tick_hands(n) {
        out.push_str(&format!(
            "<text class=\"tick\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            x(i),
            H - 60,
            lang.num(i)
        ));
    }
    out.push_str("</svg><figcaption><ul class=\"chart-legend\" role=\"list\">");
    let totals = h.totals();
    for side in 0..sides {
        let color = COLORS[side % COLORS.len()];
        out.push_str(&format!(
            "<li{} data-side=\"{side}\"><svg class=\"legend-key\" viewBox=\"-100 -50 200 100\" aria-hidden=\"true\" focusable=\"false\" stroke=\"{color}\" fill=\"{color}\"><line x1=\"-90\" x2=\"90\" y1=\"0\" y2=\"0\"/>{}</svg><span class=\"legend-name\">{}</span><bdi class=\"legend-total\" dir=\"ltr\">{}</bdi></li>",
            mine_class(ctx, side),
            marker(side, 0, 0),
            escape(ctx.names.get(side).map_or("", |n| n.as_str())),
            signed(lang, totals.get(side).copied().unwrap_or(0), false)
        ));
    }
    out.push_str(&format!(
        "</ul><span class=\"chart-rule\">{}</span></figcaption></figure>",
        if ctx.rules.lower_wins {
            t.lowest_wins
        } else {
            t.highest_wins
        }
    ));
    out
}

/// A quiet line of this device's statistics of a game (none before a match was played):
/// matches played and won, the winning streak, the best hand.
pub fn stats_line(lang: Lang, st: &Stats, testid: &str) -> Html {
    if st.played == 0 {
        return Html::default();
    }
    let t = lang.sheet();
    let mut parts = vec![fill(
        t.played_won,
        &[("p", &lang.num(st.played)), ("w", &lang.num(st.won))],
    )];
    if st.best_streak > 0 {
        parts.push(fill(
            t.streak,
            &[
                ("n", &lang.num(st.streak)),
                ("b", &lang.num(st.best_streak)),
            ],
        ));
    }
    if let Some(b) = st.best_hand {
        parts.push(fill(t.best_hand, &[("n", &signed(lang, b, false))]));
    }
    let sep = if lang == Lang::Fa { "، " } else { ", " };
    html! {
        <span class="stats-line" data-testid={testid.to_string()} data-played={st.played.to_string()}
            data-won={st.won.to_string()} data-streak={st.streak.to_string()}
            data-best-streak={st.best_streak.to_string()}
            data-best-hand={st.best_hand.map(|b| b.to_string()).unwrap_or_default()}>
            <span class="stats-where">{ t.on_this_device }{ ": " }</span>
            { parts.join(sep) }
        </span>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_escaped() {
        assert_eq!(
            escape("<b>Sara & \"Ali\"'s</b>"),
            "&lt;b&gt;Sara &amp; &quot;Ali&quot;&#39;s&lt;/b&gt;"
        );
        assert_eq!(escape("سارا"), "سارا");
    }

    #[test]
    fn hand_ticks_are_spaced() {
        assert_eq!(tick_hands(1), [1]);
        assert_eq!(tick_hands(3), [1, 2, 3]);
        assert_eq!(tick_hands(10), (1..=10).collect::<Vec<_>>());
        assert_eq!(tick_hands(13), [2, 4, 6, 8, 10, 13]);
        assert_eq!(tick_hands(14), [2, 4, 6, 8, 10, 12, 14]);
        assert_eq!(scale(5, 10, 0), 0);
        assert_eq!(scale(3, 3200, 7), 1371);
    }

    #[test]
    fn axis_steps_are_round() {
        assert_eq!(axis_step(0, 7), 2);
        assert_eq!(axis_step(0, 3), 1);
        assert_eq!(axis_step(0, 100), 50);
        assert_eq!(axis_step(-120, 620), 200);
        assert_eq!(axis_step(0, 0), 1);
        assert_eq!(axis_step(i32::MIN, i32::MAX), 1_000_000_000);
    }
}
