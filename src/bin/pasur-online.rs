//! The online page of Pasur (`pasur-online.html`): its rooms on the relay.

fn main() {
    cards_web::start_online::<engine::games::pasur::Pasur>();
}
