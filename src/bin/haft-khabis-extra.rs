//! The second module of the Haft Khabis page (`haft-khabis.html`): the hand replay, loaded when the
//! player first opens one (`cards_web::extra`).

fn main() {
    cards_web::start_extra::<engine::games::haft_khabis::HaftKhabis>();
}
