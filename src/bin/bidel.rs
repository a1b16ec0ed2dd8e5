//! The Bidel page of the site (`bidel.html`): its setup form, table and rule page.

fn main() {
    cards_web::start_game::<engine::games::bidel::Bidel>();
}
