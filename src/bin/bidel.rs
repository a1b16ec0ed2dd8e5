//! The Bidel page of the site (`bidel.html`): its setup form and table.

fn main() {
    cards_web::start_game_analysed::<engine::games::bidel::Bidel>();
}
