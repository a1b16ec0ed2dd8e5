//! The Hokm setup form: who plays each seat, and the room settings (HK-2, HK-4, HK-5,
//! HK-9, HK-11). Start draws a fresh seed and opens the table's link.

use crate::app::use_lang;
use crate::components::lang_toggle::LangToggle;
use crate::config::{clean_name, Player, SeatKind, TableConfig, MAX_NAME};
use crate::i18n::{fill, Strings};
use crate::route::Route;
use crate::web;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SetupPageProps {
    /// A link query to prefill the form (seed ignored).
    #[prop_or_default]
    pub query: AttrValue,
}

fn kind_value(k: SeatKind) -> &'static str {
    match k {
        SeatKind::You => "you",
        SeatKind::Person => "person",
        SeatKind::Bot => "bot",
    }
}

/// One on/off rule with its explanation.
fn checkbox(
    id: &'static str,
    label: &'static str,
    help: &'static str,
    checked: bool,
    on_change: Callback<bool>,
) -> Html {
    let onchange =
        on_change.reform(|e: Event| e.target_unchecked_into::<HtmlInputElement>().checked());
    let help_id = format!("{id}-help");
    html! {
        <label class="option" for={id}>
            <input type="checkbox" {id} data-testid={id} {checked} {onchange}
                aria-describedby={help_id.clone()} />
            <span class="option-text">
                <span class="option-label">{ label }</span>
                <span class="option-help" id={help_id}>{ help }</span>
            </span>
        </label>
    }
}

/// The setup screen.
#[function_component(SetupPage)]
pub fn setup_page(props: &SetupPageProps) -> Html {
    let lang = use_lang();
    let s: &Strings = lang.s();
    let config = {
        let q = props.query.to_string();
        use_state(move || TableConfig::from_query(&q).config)
    };

    let update = |f: fn(&mut TableConfig, bool)| {
        let config = config.clone();
        Callback::from(move |v: bool| {
            let mut c = (*config).clone();
            f(&mut c, v);
            config.set(c);
        })
    };
    let st = &config.settings;
    let valid = TableConfig::players_valid(&config.players);

    let seat_rows = (0..4).map(|i| {
        let p = &config.players[i];
        let on_kind = {
            let config = config.clone();
            Callback::from(move |e: Event| {
                let v = e.target_unchecked_into::<HtmlSelectElement>().value();
                let kind = match v.as_str() {
                    "you" => SeatKind::You,
                    "person" => SeatKind::Person,
                    _ => SeatKind::Bot,
                };
                let mut c = (*config).clone();
                if kind == SeatKind::You {
                    // Only one seat is "you": a previous one becomes another person.
                    for other in c.players.iter_mut() {
                        if other.kind == SeatKind::You {
                            other.kind = SeatKind::Person;
                        }
                    }
                }
                c.players[i].kind = kind;
                if kind == SeatKind::Bot {
                    c.players[i].name.clear();
                }
                config.set(c);
            })
        };
        let on_name = {
            let config = config.clone();
            Callback::from(move |e: InputEvent| {
                let v = e.target_unchecked_into::<HtmlInputElement>().value();
                let mut c = (*config).clone();
                c.players[i].name = clean_name(&v);
                config.set(c);
            })
        };
        let team = if i % 2 == 0 { s.team_a } else { s.team_b };
        let n = lang.num(i + 1);
        let select_id = format!("seat-kind-{i}");
        let name_id = format!("seat-name-{i}");
        let placeholder = match p.kind {
            SeatKind::You => s.you.to_string(),
            _ => fill(s.player_n, &[("n", &n)]),
        };
        html! {
            <div class={classes!("seat-row", format!("team-{}", i % 2))}>
                <label class="seat-label" for={select_id.clone()}>
                    <span class="seat-no">{ fill(s.seat_n, &[("n", &n)]) }</span>
                    <span class="seat-team">{ team }</span>
                </label>
                <select id={select_id.clone()} data-testid={select_id} onchange={on_kind}>
                    { for [SeatKind::You, SeatKind::Person, SeatKind::Bot].iter().map(|&k| {
                        let label = match k {
                            SeatKind::You => s.kind_you,
                            SeatKind::Person => s.kind_person,
                            SeatKind::Bot => s.kind_bot,
                        };
                        html! { <option value={kind_value(k)} selected={p.kind == k}>{ label }</option> }
                    }) }
                </select>
                if p.kind.is_human() {
                    <input type="text" class="seat-name" id={name_id.clone()} data-testid={name_id}
                        aria-label={format!("{} {}", s.name_label, fill(s.seat_n, &[("n", &n)]))}
                        placeholder={placeholder} value={p.name.clone()}
                        maxlength={MAX_NAME.to_string()} oninput={on_name} />
                }
            </div>
        }
    });

    let on_target = {
        let config = config.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Ok(t @ (3 | 5 | 7)) = v.parse::<u8>() {
                let mut c = (*config).clone();
                c.settings.target = t;
                config.set(c);
            }
        })
    };

    let on_start = {
        let config = config.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if !TableConfig::players_valid(&config.players) {
                return;
            }
            let c = TableConfig {
                seed: web::random_seed(),
                players: config.players.clone().map(|p| Player {
                    name: if p.kind.is_human() {
                        p.name
                    } else {
                        String::new()
                    },
                    ..p
                }),
                ..(*config).clone()
            };
            web::go(&Route::HokmTable(c.to_query()).hash());
        })
    };

    html! {
        <main class="page setup-page">
            <header class="topbar">
                <a class="btn-ghost home-link" href="#/" data-testid="home-link" aria-label={s.home}>
                    <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                        <path d="M3 11 L12 3 L21 11 M5 9.5 V21 H10 V15 H14 V21 H19 V9.5" />
                    </svg>
                </a>
                <h1 class="page-title">{ s.setup_title }</h1>
                <LangToggle />
            </header>
            <form class="setup-form" onsubmit={on_start}>
                <fieldset class="panel">
                    <legend>{ s.players_heading }</legend>
                    <p class="help">{ s.players_help }</p>
                    { for seat_rows }
                    if !valid { <p class="form-error" role="alert">{ s.need_a_person }</p> }
                </fieldset>
                <fieldset class="panel">
                    <legend>{ s.rules_heading }</legend>
                    <label class="option target" for="opt-target">
                        <span class="option-label">{ s.opt_target }</span>
                        <select id="opt-target" data-testid="opt-target" onchange={on_target}>
                            { for [3u8, 5, 7].iter().map(|&t| html! {
                                <option value={t.to_string()} selected={st.target == t}>{ lang.num(t) }</option>
                            }) }
                        </select>
                    </label>
                    { checkbox("opt-redeal", s.opt_redeal, s.opt_redeal_help, st.redeal_weak_hand,
                        update(|c, v| c.settings.redeal_weak_hand = v)) }
                    { checkbox("opt-second-ace", s.opt_second_ace, s.opt_second_ace_help,
                        st.partners_by_second_ace, update(|c, v| c.settings.partners_by_second_ace = v)) }
                    { checkbox("opt-last-trick", s.opt_last_trick, s.opt_last_trick_help,
                        st.show_last_trick, update(|c, v| c.settings.show_last_trick = v)) }
                    { checkbox("opt-sars", s.opt_sars, s.opt_sars_help, st.sars,
                        update(|c, v| c.settings.sars = v)) }
                    { checkbox("opt-nars", s.opt_nars, s.opt_nars_help, st.nars,
                        update(|c, v| c.settings.nars = v)) }
                    { checkbox("opt-ace-nars", s.opt_ace_nars, s.opt_ace_nars_help, st.ace_nars,
                        update(|c, v| c.settings.ace_nars = v)) }
                </fieldset>
                <div class="setup-actions">
                    <button type="submit" class="btn btn-large" data-testid="start" disabled={!valid}>
                        { s.start }
                    </button>
                </div>
            </form>
        </main>
    }
}
