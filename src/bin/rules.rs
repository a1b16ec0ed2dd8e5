//! The rule pages of the site (`rules.html`): every game's rules, linked from each game's setup
//! form and table.

fn main() {
    cards_web::start_rules();
}
