//! The setup form of any game: how many play, who plays each seat, and the room settings
//! (the game's [`UiSettings::options`]). Start draws a fresh seed and opens the table's link.

use crate::adapters::{game_name, Opt, UiGame, UiSettings};
use crate::cls;
use crate::components::lang_toggle::lang_toggle;
use crate::config::{
    clean_name, default_players, players_valid, Level, Player, SeatKind, TableConfig, MAX_NAME,
};
use crate::context::use_lang;
use crate::i18n::{fill, Lang, SetupStrings, Strings};
use crate::icon;
use crate::route::Route;
use crate::web;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

fn kind_value(k: SeatKind) -> &'static str {
    match k {
        SeatKind::You => "you",
        SeatKind::Person => "person",
        SeatKind::Bot => "bot",
    }
}

/// What a seat's select offers: its value, label, and the kind and level it sets. Where
/// the game has a hard bot, a bot seat is hard (the search, the default) or easy (the rule
/// bot); elsewhere there is one bot.
fn seat_choices<G: UiGame>(w: &SetupStrings) -> Vec<(&'static str, &'static str, SeatKind, Level)> {
    let mut v = vec![
        (
            kind_value(SeatKind::You),
            w.kind_you,
            SeatKind::You,
            Level::Hard,
        ),
        (
            kind_value(SeatKind::Person),
            w.kind_person,
            SeatKind::Person,
            Level::Hard,
        ),
    ];
    if <G as bots::hard::HardGame>::HAS_HARD {
        v.push(("bot", w.kind_bot_hard, SeatKind::Bot, Level::Hard));
        v.push(("bot-easy", w.kind_bot_easy, SeatKind::Bot, Level::Easy));
    } else {
        v.push(("bot", w.kind_bot, SeatKind::Bot, Level::Hard));
    }
    v
}

/// One on/off rule with its explanation.
fn checkbox(
    id: String,
    label: &'static str,
    help: &'static str,
    checked: bool,
    on_change: Callback<bool>,
) -> Html {
    let onchange =
        on_change.reform(|e: Event| e.target_unchecked_into::<HtmlInputElement>().checked());
    let help_id = format!("{id}-help");
    html! {
        <label class="option" for={id.clone()}>
            <input type="checkbox" id={id.clone()} data-testid={id} {checked} {onchange}
                aria-describedby={help_id.clone()} />
            <span class="option-text">
                <span class="option-label">{ label }</span>
                <span class="option-help" id={help_id}>{ help }</span>
            </span>
        </label>
    }
}

/// One setting with more than two values, as a `<select>` of numbers.
fn choice(
    lang: Lang,
    o: &Opt,
    value: i64,
    label: fn(&str, i64, Lang) -> Option<&'static str>,
    on_change: Callback<i64>,
) -> Html {
    let id = o.testid();
    let help_id = format!("{id}-help");
    let onchange = on_change.reform(|e: Event| {
        e.target_unchecked_into::<HtmlSelectElement>()
            .value()
            .parse::<i64>()
            .unwrap_or_default()
    });
    // A choice between named values (not numbers) takes a line of its own under its label,
    // so the names show whole.
    let named = o.values.iter().any(|&v| label(o.key, v, lang).is_some());
    html! {
        <label class={cls!("option", "target", named.then_some("named"))} for={id.clone()}>
            <span class="option-text">
                <span class="option-label">{ o.label(lang) }</span>
                <span class="option-help" id={help_id.clone()}>{ o.help(lang) }</span>
            </span>
            <select id={id.clone()} data-testid={id} {onchange} aria-describedby={help_id}>
                { for o.values.iter().map(|&v| html! {
                    <option value={v.to_string()} selected={value == v}>
                        { label(o.key, v, lang).map(str::to_string).unwrap_or_else(|| lang.num(v)) }
                    </option>
                }) }
            </select>
        </label>
    }
}

#[derive(Properties, PartialEq)]
pub struct SetupPageProps {
    /// A link query to prefill the form (seed ignored).
    #[prop_or_default]
    pub query: AttrValue,
}

/// The player counts in increasing order (the game lists its default first).
fn sorted_counts(counts: &[u8]) -> Vec<u8> {
    let mut v = counts.to_vec();
    v.sort_unstable();
    v
}

/// The setup screen of game `G`.
#[function_component(SetupPage)]
pub fn setup_page<G: UiGame>(props: &SetupPageProps) -> Html {
    let lang = use_lang();
    let s: &Strings = lang.s();
    let w = lang.setup();
    let config = {
        let q = props.query.to_string();
        use_state(move || TableConfig::<G::Settings>::from_query(&q, G::PLAYER_COUNTS).config)
    };
    let n = config.player_count();
    let valid = players_valid(&config.players, G::PLAYER_COUNTS);
    let teams = G::teams(n);

    let on_count = {
        let config = config.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Ok(k) = v.parse::<u8>() {
                if G::PLAYER_COUNTS.contains(&k) {
                    let mut c = (*config).clone();
                    let mut players = default_players(k);
                    // Keep the choices made for the seats that stay.
                    for (new, old) in players.iter_mut().zip(&c.players) {
                        *new = old.clone();
                    }
                    c.players = players;
                    config.set(c);
                }
            }
        })
    };

    let seat_rows = (0..n as usize).map(|i| {
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
                // "bot" is the strongest bot the game has; "bot-easy" the rule bot.
                let level = if v == "bot-easy" {
                    Level::Easy
                } else {
                    Level::Hard
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
                if let Some(p) = c.players.get_mut(i) {
                    p.kind = kind;
                    p.level = level;
                    if kind == SeatKind::Bot {
                        p.name.clear();
                    }
                }
                config.set(c);
            })
        };
        let on_name = {
            let config = config.clone();
            Callback::from(move |e: InputEvent| {
                let v = e.target_unchecked_into::<HtmlInputElement>().value();
                let mut c = (*config).clone();
                if let Some(p) = c.players.get_mut(i) {
                    p.name = clean_name(&v);
                }
                config.set(c);
            })
        };
        let team = teams.then_some(if i % 2 == 0 { w.team_a } else { w.team_b });
        let num = lang.num(i + 1);
        let select_id = format!("seat-kind-{i}");
        let name_id = format!("seat-name-{i}");
        let placeholder = match p.kind {
            SeatKind::You => s.you.to_string(),
            _ => fill(s.player_n, &[("n", &num)]),
        };
        html! {
            <div class={cls!("seat-row", teams.then(|| format!("team-{}", i % 2)))}>
                <label class="seat-label" for={select_id.clone()}>
                    <span class="seat-no">{ fill(w.seat_n, &[("n", &num)]) }</span>
                    if let Some(team) = team { <span class="seat-team">{ team }</span> }
                </label>
                <select id={select_id.clone()} data-testid={select_id} onchange={on_kind}>
                    { for seat_choices::<G>(w).into_iter().map(|(value, label, kind, level)| {
                        let levels = kind == SeatKind::Bot && <G as bots::hard::HardGame>::HAS_HARD;
                        let selected = p.kind == kind && (!levels || p.level == level);
                        html! { <option {value} {selected}>{ label }</option> }
                    }) }
                </select>
                if p.kind.is_human() {
                    <input type="text" class="seat-name" id={name_id.clone()} data-testid={name_id}
                        aria-label={format!("{} {}", w.name_label, fill(w.seat_n, &[("n", &num)]))}
                        placeholder={placeholder} value={p.name.clone()}
                        maxlength={MAX_NAME.to_string()} oninput={on_name} />
                }
            </div>
        }
    });

    let options = G::Settings::options()
        .iter()
        .filter(|o| o.applies(n))
        .map(|o| {
            let key = o.key;
            let config2 = config.clone();
            let set = Callback::from(move |v: i64| {
                let mut c = (*config2).clone();
                c.settings.set(key, v);
                config2.set(c);
            });
            let value = config.settings.get(key);
            if o.is_flag() {
                checkbox(
                    o.testid(),
                    o.label(lang),
                    o.help(lang),
                    value != 0,
                    set.reform(i64::from),
                )
            } else {
                let accepts = o.values;
                choice(
                    lang,
                    o,
                    value,
                    <G::Settings as UiSettings>::value_label,
                    Callback::from(move |v: i64| {
                        if accepts.contains(&v) {
                            set.emit(v);
                        }
                    }),
                )
            }
        });

    let on_start = {
        let config = config.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if !players_valid(&config.players, G::PLAYER_COUNTS) {
                return;
            }
            let c = TableConfig {
                seed: web::random_seed(),
                players: config
                    .players
                    .iter()
                    .map(|p| Player {
                        name: if p.kind.is_human() {
                            p.name.clone()
                        } else {
                            String::new()
                        },
                        ..p.clone()
                    })
                    .collect(),
                ..(*config).clone()
            };
            web::go(&Route::Table(G::ID, c.to_query()).hash());
        })
    };
    // Online: a room on the relay with these rules and this many seats (who sits where
    // is settled in the room's lobby).
    let on_online = {
        let config = config.clone();
        Callback::from(move |_: MouseEvent| {
            web::go(&Route::Online(G::ID, config.online_query()).hash());
        })
    };
    let rules = Route::Rules(G::ID, Some(Route::Setup(G::ID, config.to_query()).hash())).hash();
    let title = fill(w.setup_title, &[("game", game_name(G::ID, lang))]);

    html! {
        <main class="page setup-page" data-testid="setup" data-game={G::ID.slug()}>
            <header class="topbar">
                <a class="btn-ghost home-link" href={Route::Home.href()} data-testid="home-link" aria-label={lang.site().home}>
                    { icon!(r#"<path d="M3 11 L12 3 L21 11 M5 9.5 V21 H10 V15 H14 V21 H19 V9.5" />"#) }
                </a>
                <h1 class="page-title">{ title }</h1>
                { lang_toggle(lang) }
            </header>
            <form class="setup-form" onsubmit={on_start}>
                <fieldset class="panel">
                    <legend>{ w.players_heading }</legend>
                    if G::PLAYER_COUNTS.len() > 1 {
                        <label class="option target" for="opt-players">
                            <span class="option-label">{ s.opt_players }</span>
                            <select id="opt-players" data-testid="opt-players" onchange={on_count}>
                                { for sorted_counts(G::PLAYER_COUNTS).into_iter().map(|k| html! {
                                    <option value={k.to_string()} selected={n == k}>
                                        { fill(s.players_n, &[("n", &lang.num(k))]) }
                                    </option>
                                }) }
                            </select>
                        </label>
                    }
                    <p class="help">{ if teams {
                        w.players_help
                    } else if G::CLOCKWISE {
                        w.players_help_solo_left
                    } else {
                        w.players_help_solo
                    } }</p>
                    { for seat_rows }
                    if !valid { <p class="form-error" role="alert">{ w.need_a_person }</p> }
                </fieldset>
                <fieldset class="panel">
                    <legend>{ w.rules_heading }</legend>
                    { for options }
                    <a class="rules-link" data-testid="rules-link" href={rules}>{ s.rules }</a>
                </fieldset>
                <div class="setup-actions">
                    <button type="submit" class="btn btn-large" data-testid="start" disabled={!valid}>
                        { s.start }
                    </button>
                    <button type="button" class="btn btn-large btn-secondary" data-testid="play-online"
                        onclick={on_online}>
                        { w.play_online }
                    </button>
                </div>
            </form>
        </main>
    }
}
