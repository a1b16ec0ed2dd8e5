//! The home page of the site (`index.html`): the games and the games in progress.

fn main() {
    cards_web::start_home();
}
