//! A game's rule page (`#/<game>/rules`): the text of [`crate::rule_pages`] in the current
//! language, each paragraph tagged with the rule it explains, and a way back to where the
//! player came from (the setup form, the table) or home.

use crate::components::lang_toggle::lang_toggle;
use crate::context::use_lang;
use crate::icon;
use crate::route::Route;
use crate::rule_pages::{self, GameRules, Item};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct RulesPageProps {
    /// The game's rule text ([`crate::adapters::UiGame::RULES`]).
    pub rules: &'static GameRules,
    /// A hash to return to (`#/hokm/setup?…`); without it the page links home. Only links
    /// inside the app (`#/…`) are followed.
    #[prop_or_default]
    pub back: Option<AttrValue>,
}

/// The rule page of one game.
#[function_component(RulesPage)]
pub fn rules_page(props: &RulesPageProps) -> Html {
    let lang = use_lang();
    let ui = rule_pages::ui(lang);
    // The hash to go back to is another page's screen (this page has only the rules).
    let back = rule_pages::safe_back(props.back.as_deref()).map(|b| Route::parse(b).href());

    // A new page starts at its top, wherever the previous screen was scrolled to.
    use_effect_with(props.rules.game, |_| {
        if let Some(w) = web_sys::window() {
            w.scroll_to_with_x_and_y(0.0, 0.0);
        }
    });

    // Top left: back to where the player came from, else home.
    let nav = match &back {
        Some(href) => html! {
            <a class="btn-ghost rules-back" href={href.clone()} data-testid="rules-back">
                { back_icon() }
                <span class="btn-label">{ ui.back }</span>
            </a>
        },
        None => html! {
            <a class="btn-ghost home-link" href={Route::Home.href()} data-testid="home-link" aria-label={ui.home}>
                { home_icon() }
            </a>
        },
    };

    let page = props.rules.page(lang);

    let anchors = page.anchors();
    let sections = page.sections.iter().zip(&anchors).enumerate().map(|(i, (section, anchors))| {
        let heading = format!("rules-h-{i}");
        html! {
            <section class="panel rules-section" data-testid="rules-section"
                aria-labelledby={heading.clone()}>
                <h2 id={heading}>{ section.title }</h2>
                <ul class="rules-items" role="list">
                    { for section.items.iter().zip(anchors).map(|(item, &anchor)| rule_item(item, anchor, ui.rule_id)) }
                </ul>
            </section>
        }
    });

    html! {
        <main class="page rules-page" data-testid="rules">
            <header class="topbar">
                { nav }
                <h1 class="page-title">{ page.title }</h1>
                { lang_toggle(lang) }
            </header>
            <p class="subtitle rules-intro">{ page.intro }</p>
            <div class="rules-sections">
                { for sections }
            </div>
            <footer class="rules-footer">
                if let Some(href) = back {
                    <a class="btn" href={href} data-testid="rules-back-end">{ ui.back }</a>
                } else {
                    <a class="btn" href={Route::Home.href()}>{ ui.home }</a>
                }
            </footer>
        </main>
    }
}

/// One paragraph: the setting's name in bold if any, the text, and the rule-ID tag (quiet;
/// the first item of an ID is its anchor).
fn rule_item(item: &Item, anchor: Option<&'static str>, tag_title: &'static str) -> Html {
    let data_rule = (!item.id.is_empty()).then_some(item.id);
    html! {
        <li class="rules-item" id={anchor} data-rule={data_rule}>
            <p class="rules-text">
                if !item.term.is_empty() {
                    <strong class="rules-term">{ item.term }{ ":" }</strong>
                    { " " }
                }
                { item.text }
            </p>
            if !item.id.is_empty() {
                <span class="rule-id" dir="ltr" title={tag_title}>{ item.id }</span>
            }
        </li>
    }
}

fn back_icon() -> Html {
    html! {
        <svg class="icon icon-back" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M15 5 L8 12 L15 19" />
        </svg>
    }
}

fn home_icon() -> Html {
    html! {
        { icon!(r#"<path d="M3 11 L12 3 L21 11 M5 9.5 V21 H10 V15 H14 V21 H19 V9.5" />"#) }
    }
}
