//! Placeholder until the rule pages land.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct RulesPageProps {
    pub game: AttrValue,
    #[prop_or_default]
    pub back: Option<AttrValue>,
}

#[function_component(RulesPage)]
pub fn rules_page(_props: &RulesPageProps) -> Html {
    html! { <main class="page" data-testid="rules"></main> }
}
