//! The online page of HaftKhabis (`haft-khabis-online.html`): its rooms on the relay.

fn main() {
    cards_web::start_online::<engine::games::haft_khabis::HaftKhabis>();
}
