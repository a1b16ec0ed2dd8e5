//! Entry point of the browser app: mounts [`app::App`] on the page body.

mod app;

fn main() {
    yew::Renderer::<app::App>::new().render();
}
