//! The second module of the Crazy Eights page (`crazy-eights.html`): the hand replay, loaded when the
//! player first opens one (`cards_web::extra`).

fn main() {
    cards_web::start_extra::<engine::games::crazy_eights::CrazyEights>();
}
