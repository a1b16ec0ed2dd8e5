//! The Shelem page of the site (`shelem.html`): its setup form, table and rule page.

fn main() {
    // The hand analysis after each hand (the online page does not offer it).
    cards_web::components::analysis::offer::<cards_web::components::analysis::ShelemAnalysis>();
    cards_web::start_game::<engine::games::shelem::Shelem>();
}
