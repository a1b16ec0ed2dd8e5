//! The Crazy Eights page of the site (`crazy-eights.html`): its setup form and table.

fn main() {
    cards_web::start_game::<engine::games::crazy_eights::CrazyEights>();
}
