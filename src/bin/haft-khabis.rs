//! The HaftKhabis page of the site (`haft-khabis.html`): its setup form, table and rule page.

fn main() {
    cards_web::start_game::<engine::games::haft_khabis::HaftKhabis>();
}
