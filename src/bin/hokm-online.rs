//! The online page of Hokm (`hokm-online.html`): its rooms on the relay.

fn main() {
    cards_web::start_online::<engine::games::hokm::Hokm>();
}
