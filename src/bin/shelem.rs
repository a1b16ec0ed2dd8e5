//! The Shelem page of the site (`shelem.html`): its setup form, table and rule page.

fn main() {
    cards_web::start_game::<engine::games::shelem::Shelem>();
}
