//! The Haft Khabis page of the site (`haft-khabis.html`): its setup form and table.

fn main() {
    cards_web::start_game::<engine::games::haft_khabis::HaftKhabis>();
}
