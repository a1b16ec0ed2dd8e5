//! The online page of Bidel (`bidel-online.html`): its rooms on the relay.

fn main() {
    cards_web::start_online::<engine::games::bidel::Bidel>();
}
