//! The second module of the Pasur page (`pasur.html`): the hand replay, loaded when the
//! player first opens one (`cards_web::extra`).

fn main() {
    cards_web::start_extra::<engine::games::pasur::Pasur>();
}
