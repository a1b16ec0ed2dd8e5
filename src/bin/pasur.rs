//! The Pasur page of the site (`pasur.html`): its setup form, table and rule page.

fn main() {
    cards_web::start_game::<engine::games::pasur::Pasur>();
}
