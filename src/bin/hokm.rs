//! The Hokm page of the site (`hokm.html`): its setup form, table and rule page.

fn main() {
    cards_web::start_game::<engine::games::hokm::Hokm>();
}
