//! The Shelem page of the site (`shelem.html`): its setup form and table.

fn main() {
    cards_web::start_game_analysed::<engine::games::shelem::Shelem>();
}
