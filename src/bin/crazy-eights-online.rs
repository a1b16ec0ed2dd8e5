//! The online page of CrazyEights (`crazy-eights-online.html`): its rooms on the relay.

fn main() {
    cards_web::start_online::<engine::games::crazy_eights::CrazyEights>();
}
