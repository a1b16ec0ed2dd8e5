//! The Hokm page of the site (`hokm.html`): its setup form and table.

fn main() {
    cards_web::start_game_analysed::<engine::games::hokm::Hokm>();
}
