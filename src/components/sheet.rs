//! The score sheet on screen: a button in the table's top bar opens every finished hand's
//! points per side with a chart of the running totals ([`ScoresButton`]); the match result
//! shows the chart, the sheet and this device's statistics ([`MatchSummary`]); the home
//! page shows the statistics under each game ([`stats_line`]).
//!
//! The table's frame provides a [`SheetCtx`] (names, your side, the rules, and how to
//! rebuild the sheet from the log); the sheet is rebuilt only while it is on screen, once
//! per action ([`crate::sheet::hand_history`]). [`use_match_stats`] counts a finished match
//! in this device's statistics, once.

use crate::app::use_lang;
use crate::games::UiGame;
use crate::i18n::{fill, Lang};
use crate::pages::table::Seen;
use crate::sheet::{best_hand, match_record, sheet_rules, table_history, your_side, History};
use crate::sheet::{HandLine, SheetRules};
use crate::state::TableState;
use crate::stats::{match_key, MatchRecord, Stats};
use engine::Seat;
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
    (0..st.game.sides())
        .map(|side| {
            let seats: Vec<AttrValue> = (0..seen.n)
                .map(Seat)
                .filter(|&s| st.game.side_of(s) == side)
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

/// The score sheet's context of a table (see [`crate::pages::table::frame`]).
pub fn sheet_context<G: UiGame>(
    st: &UseReducerHandle<TableState<G>>,
    seen: &Seen,
    lang: Lang,
) -> SheetCtx {
    let mine = your_side::<G>(st);
    let won = st
        .game
        .outcome()
        .and_then(|o| mine.map(|m| o.winners.contains(&m)));
    let handle = st.clone();
    SheetCtx {
        slug: G::ID.slug(),
        names: Rc::new(side_names(st, seen, lang)),
        mine,
        rules: sheet_rules::<G>(&st.config.settings),
        log_len: st.log.len(),
        key: match_key(G::ID.slug(), &st.config.to_query()).into(),
        won,
        history: Callback::from(move |()| Rc::new(table_history::<G>(&handle))),
    }
}

/// Counts a finished match in this device's statistics, once (a reload of a finished match
/// finds its key already counted).
#[hook]
pub fn use_match_stats<G: UiGame>(state: &UseReducerHandle<TableState<G>>) {
    let over = state.game.outcome().is_some();
    let st = state.clone();
    use_effect_with((over, state.log.len()), move |&(over, _)| {
        if over {
            if let Some(m) = match_record(&st, &table_history(&st)) {
                Stats::record_stored(G::ID.slug(), &m);
            }
        }
    });
}

/// The sheet of the table in context, rebuilt once per action while shown.
#[hook]
fn use_history(ctx: &SheetCtx) -> Rc<History> {
    let history = ctx.history.clone();
    let memo = use_memo((ctx.log_len, ctx.key.clone()), move |_| history.emit(()));
    (*memo).clone()
}

/// The top bar's button that opens the score sheet, and the sheet under it.
#[function_component(ScoresButton)]
pub fn scores_button() -> Html {
    let lang = use_lang();
    let t = lang.sheet();
    let open = use_state(|| false);
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let Some(ctx) = use_context::<SheetCtx>() else {
        return Html::default();
    };
    html! {
        <div class="scores">
            <button type="button" class="btn-ghost" data-testid="scores-button"
                aria-expanded={open.to_string()} aria-label={t.sheet} title={t.sheet}
                onclick={toggle.clone()}>
                <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d="M4 4 V20 H20 M7 16 L11 11 L14 13 L19 6" />
                </svg>
            </button>
            if *open {
                <div class="panel share-pop scores-panel" data-testid="scores-panel" role="dialog"
                    aria-label={t.sheet}>
                    <h2>{ t.sheet }</h2>
                    <SheetBody ctx={ctx} />
                    <div class="popover-actions">
                        <span></span>
                        <button type="button" class="btn btn-small" data-testid="scores-close"
                            onclick={toggle}>{ lang.s().close }</button>
                    </div>
                </div>
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct SheetBodyProps {
    ctx: SheetCtx,
}

/// The chart and the table of every hand (the top bar's panel).
#[function_component(SheetBody)]
fn sheet_body(props: &SheetBodyProps) -> Html {
    let lang = use_lang();
    let history = use_history(&props.ctx);
    if history.lines.is_empty() {
        return html! {
            <p class="help" data-testid="scores-empty">{ lang.sheet().no_hand_yet }</p>
        };
    }
    html! {
        <>
            { chart(lang, &props.ctx, &history) }
            { sheet_table(lang, &props.ctx, &history) }
        </>
    }
}

/// What the match result adds at the end of a match: the chart of the running totals, the
/// table of every hand (folded) and this device's statistics of the game. Nothing outside
/// a table.
#[function_component(MatchSummary)]
pub fn match_summary() -> Html {
    let ctx = use_context::<SheetCtx>();
    let Some(ctx) = ctx else {
        return Html::default();
    };
    html! { <SummaryBody {ctx} /> }
}

#[function_component(SummaryBody)]
fn summary_body(props: &SheetBodyProps) -> Html {
    let lang = use_lang();
    let t = lang.sheet();
    let ctx = &props.ctx;
    let history = use_history(ctx);
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
    html! {
        <section class="match-summary" data-testid="match-summary">
            if !history.lines.is_empty() {
                { chart(lang, ctx, &history) }
                <details class="scores-details" data-testid="scores-details">
                    <summary>{ t.every_hand }</summary>
                    { sheet_table(lang, ctx, &history) }
                </details>
            }
            { for stats.map(|st| stats_line(lang, &st, "match-stats")) }
        </section>
    }
}

/// A number of points with its sign where it is a change ("+3", "−2").
fn signed(lang: Lang, n: i32) -> String {
    crate::components::team::points_text(lang, n, true)
}

/// The table of every hand: a row per hand (its points and the totals after it, per side)
/// and the totals.
fn sheet_table(lang: Lang, ctx: &SheetCtx, h: &History) -> Html {
    let t = lang.sheet();
    let sides = h.sides();
    let head = (0..sides).map(|side| {
        let mine = ctx.mine == Some(side);
        html! {
            <th scope="col" class={classes!(mine.then_some("mine"))} data-side={side.to_string()}>
                <span class="swatch" style={format!("background:{}", COLORS[side % COLORS.len()])}></span>
                { ctx.names.get(side).cloned().unwrap_or_default() }
            </th>
        }
    });
    let row = |(k, l): (usize, &HandLine)| {
        let cells = (0..sides).map(|side| {
            let p = l.points.get(side).copied().unwrap_or(0);
            let total = l.totals.get(side).copied().unwrap_or(0);
            html! {
                <td class={classes!((ctx.mine == Some(side)).then_some("mine"))}
                    data-side={side.to_string()} data-points={p.to_string()} data-total={total.to_string()}>
                    <bdi class="pts" dir="ltr">{ signed(lang, p) }</bdi>
                    <span class="tot">{ lang.num(total) }</span>
                </td>
            }
        });
        html! {
            <tr data-testid={format!("scores-row-{}", k + 1)}>
                <th scope="row">{ lang.num(k + 1) }</th>
                { for cells }
            </tr>
        }
    };
    let totals = h.totals();
    html! {
        <div class="scores-scroll">
            <table class="scores-table" data-testid="scores-table" data-hands={h.lines.len().to_string()}>
                <thead>
                    <tr><th scope="col">{ t.hand }</th>{ for head }</tr>
                </thead>
                <tbody>{ for h.lines.iter().enumerate().map(row) }</tbody>
                <tfoot>
                    <tr data-testid="scores-totals">
                        <th scope="row">{ t.total }</th>
                        { for (0..sides).map(|side| {
                            let v = totals.get(side).copied().unwrap_or(0);
                            html! {
                                <td class={classes!((ctx.mine == Some(side)).then_some("mine"))}
                                    data-side={side.to_string()} data-value={v.to_string()}>
                                    <bdi dir="ltr">{ signed_total(lang, v) }</bdi>
                                </td>
                            }
                        }) }
                    </tr>
                </tfoot>
            </table>
        </div>
    }
}

/// A total: its minus sign kept on the left in Persian too.
fn signed_total(lang: Lang, n: i32) -> String {
    crate::components::team::points_text(lang, n, false)
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

/// A side's marker on the chart and in the legend: a circle, square, triangle or diamond.
fn marker(side: usize, px: i32, py: i32) -> Html {
    let at = format!("translate({px} {py})");
    match side % 4 {
        0 => html! { <circle r="30" transform={at} /> },
        1 => html! { <rect x="-28" y="-28" width="56" height="56" transform={at} /> },
        2 => html! { <path d="M0 -38 L36 26 L-36 26 Z" transform={at} /> },
        _ => html! { <path d="M0 -38 L38 0 L0 38 L-38 0 Z" transform={at} /> },
    }
}

/// The chart of the running totals: a line per side from the start of the match to the last
/// hand (yours thicker, drawn last), the target as a dashed line, and a legend naming the
/// sides with their totals. In Persian the hands run from right to left.
fn chart(lang: Lang, ctx: &SheetCtx, h: &History) -> Html {
    let t = lang.sheet();
    let rtl = lang == Lang::Fa;
    let n = h.lines.len().max(1);
    let series: Vec<Vec<i32>> = (0..h.sides())
        .map(|side| {
            std::iter::once(&h.start)
                .chain(h.lines.iter().map(|l| &l.totals))
                .map(|v| v.get(side).copied().unwrap_or(0))
                .collect()
        })
        .collect();
    let all = series.iter().flatten().copied().chain(ctx.rules.target);
    let lo = all.clone().min().unwrap_or(0).min(0);
    let hi = all.max().unwrap_or(1).max(lo.saturating_add(1));
    let step = axis_step(lo, hi);
    let lo = lo.div_euclid(step).saturating_mul(step);
    let hi = (hi.div_euclid(step) + i32::from(hi.rem_euclid(step) != 0)).saturating_mul(step);
    let (left, right) = if rtl { (FAR, W - AXIS) } else { (AXIS, W - FAR) };
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
    let (label_x, anchor) = if rtl {
        (W - AXIS + 50, "start")
    } else {
        (AXIS - 50, "end")
    };
    let grid = (0..)
        .map(|k: i32| lo.saturating_add(k.saturating_mul(step)))
        .take_while(|&v| v <= hi)
        .take(12)
        .map(|v| {
            html! {
                <g class="grid">
                    <line x1={left.to_string()} x2={right.to_string()} y1={y(v).to_string()} y2={y(v).to_string()}
                        class={classes!((v == 0).then_some("zero"))} />
                    <text x={label_x.to_string()} y={(y(v) + 40).to_string()} text-anchor={anchor}>
                        { lang.num(v) }
                    </text>
                </g>
            }
        });
    let ticks = tick_hands(n).into_iter().map(|i| {
        html! {
            <text class="tick" x={x(i).to_string()} y={(H - 60).to_string()} text-anchor="middle">
                { lang.num(i) }
            </text>
        }
    });
    let target = ctx.rules.target.map(|v| {
        let label = fill(
            if ctx.rules.lower_wins {
                t.limit_line
            } else {
                t.target_line
            },
            &[("n", &lang.num(v))],
        );
        // The label sits at the start of the match, where the lines are lowest.
        let (tx, anchor) = if rtl {
            (right, "end")
        } else {
            (left, "start")
        };
        html! {
            <g class="target-line" data-testid="chart-target" data-value={v.to_string()}>
                <line x1={left.to_string()} x2={right.to_string()} y1={y(v).to_string()} y2={y(v).to_string()} />
                <text x={tx.to_string()} y={(y(v) - 40).to_string()} text-anchor={anchor}>{ label }</text>
            </g>
        }
    });
    // Your line is drawn last, over the others.
    let mut order: Vec<usize> = (0..series.len()).collect();
    order.sort_by_key(|&s| ctx.mine == Some(s));
    let lines = order.into_iter().map(|side| {
        let values = &series[side];
        let points: Vec<String> = values
            .iter()
            .enumerate()
            .map(|(i, &v)| format!("{},{}", x(i), y(v)))
            .collect();
        let color = COLORS[side % COLORS.len()];
        let mine = ctx.mine == Some(side);
        let data: Vec<String> = values.iter().map(i32::to_string).collect();
        html! {
            <g class={classes!("series", mine.then_some("mine"))} stroke={color} fill={color}
                data-side={side.to_string()} data-totals={data.join(",")}>
                <polyline points={points.join(" ")} fill="none" />
                if n <= 24 {
                    { for values.iter().enumerate().skip(1).map(|(i, &v)| marker(side, x(i), y(v))) }
                }
            </g>
        }
    });
    let totals = h.totals();
    let legend = (0..h.sides()).map(|side| {
        let color = COLORS[side % COLORS.len()];
        let mine = ctx.mine == Some(side);
        let total = totals.get(side).copied().unwrap_or(0);
        html! {
            <li class={classes!(mine.then_some("mine"))} data-side={side.to_string()}>
                <svg class="legend-key" viewBox="-100 -50 200 100" aria-hidden="true" focusable="false"
                    stroke={color} fill={color}>
                    <line x1="-90" x2="90" y1="0" y2="0" />
                    { marker(side, 0, 0) }
                </svg>
                <span class="legend-name">{ ctx.names.get(side).cloned().unwrap_or_default() }</span>
                <bdi class="legend-total" dir="ltr">{ signed_total(lang, total) }</bdi>
            </li>
        }
    });
    let rule = if ctx.rules.lower_wins {
        t.lowest_wins
    } else {
        t.highest_wins
    };
    // The drawing is laid out left to right (its text anchors too); Persian only mirrors
    // the hands' axis.
    html! {
        <figure class="scores-chart" data-testid="scores-chart" data-hands={h.lines.len().to_string()}>
            <svg class="chart" viewBox={format!("0 0 {W} {H}")} dir="ltr" role="img" aria-label={t.chart_label}>
                <title>{ t.chart_label }</title>
                { for grid }
                { for target }
                { for lines }
                { for ticks }
            </svg>
            <figcaption>
                <ul class="chart-legend" role="list">{ for legend }</ul>
                <span class="chart-rule">{ rule }</span>
            </figcaption>
        </figure>
    }
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
        parts.push(fill(t.best_hand, &[("n", &signed_total(lang, b))]));
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
