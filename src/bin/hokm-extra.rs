//! The second module of the Hokm page (`hokm.html`): the hand replay and the hand analysis, loaded when the
//! player first opens one (`cards_web::extra`).

fn main() {
    cards_web::start_extra_analysed::<engine::games::hokm::Hokm, bots::seats::HandAnalysis>();
}
