//! The online page of Shelem (`shelem-online.html`): its rooms on the relay.

fn main() {
    cards_web::start_online::<engine::games::shelem::Shelem>();
}
