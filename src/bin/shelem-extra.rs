//! The second module of the Shelem page (`shelem.html`): the hand replay and the hand analysis, loaded when the
//! player first opens one (`cards_web::extra`).

fn main() {
    cards_web::start_extra_analysed::<
        engine::games::shelem::Shelem,
        cards_web::components::analysis::ShelemAnalysis,
    >();
}
