//! The CrazyEights page of the site (`crazy-eights.html`): its setup form, table and rule page.

fn main() {
    cards_web::start_game::<engine::games::crazy_eights::CrazyEights>();
}
