//! The Pasur page of the site (`pasur.html`): its setup form and table.

fn main() {
    cards_web::start_game::<engine::games::pasur::Pasur>();
}
