//! Thin, panic-free wrappers over the browser: local storage, the location hash, random
//! seeds, media queries, the clipboard and the `<html>` element. Every call tolerates a
//! missing window or a throwing API (private browsing, old browsers) by doing nothing.

use crate::i18n::Lang;

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

/// Reads a local-storage value.
pub fn storage_get(key: &str) -> Option<String> {
    window()?.local_storage().ok()??.get_item(key).ok()?
}

/// Writes a local-storage value (silently ignores a full or disabled storage).
pub fn storage_set(key: &str, value: &str) {
    if let Some(s) = window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = s.set_item(key, value);
    }
}

/// Removes a local-storage value.
pub fn storage_remove(key: &str) {
    if let Some(s) = window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = s.remove_item(key);
    }
}

/// The current location hash, including the leading `#` (empty if none).
pub fn current_hash() -> String {
    window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Navigates to a hash route (a new history entry; fires `hashchange`).
pub fn go(hash: &str) {
    if let Some(w) = window() {
        let _ = w.location().set_hash(hash);
    }
}

/// Replaces the current hash route without a new history entry (fires `hashchange`).
pub fn replace(hash: &str) {
    if let Some(w) = window() {
        let loc = w.location();
        let base = loc.href().unwrap_or_default();
        let base = base.split('#').next().unwrap_or_default().to_string();
        let _ = loc.replace(&format!("{base}{hash}"));
    }
}

/// Whether `json` is a JSON object whose `version` is `version` (read by the browser's own
/// JSON parser, so a page without serde's code for a type can still check it).
pub fn json_version_is(json: &str, version: u32) -> bool {
    js_sys::JSON::parse(json)
        .ok()
        .filter(|v| v.is_object())
        .and_then(|v| js_sys::Reflect::get(&v, &"version".into()).ok())
        .and_then(|v| v.as_f64())
        == Some(f64::from(version))
}

/// Opens another page of the site (`href` relative to this one, e.g. `hokm.html#/hokm`),
/// replacing this history entry.
pub fn open_page(href: &str) {
    if let Some(w) = window() {
        let _ = w.location().replace(href);
    }
}

/// The full URL of a hash route on this page (for share links).
pub fn url_of(hash: &str) -> String {
    let href = window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let base = href.split('#').next().unwrap_or_default();
    format!("{base}{hash}")
}

/// A fresh random seed (up to 2^32, so links stay short).
pub fn random_seed() -> u64 {
    (js_sys::Math::random() * 4_294_967_296.0) as u64
}

/// Whether the user asked for reduced motion.
pub fn prefers_reduced_motion() -> bool {
    window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .map(|m| m.matches())
        .unwrap_or(false)
}

/// Sets `<html lang dir>` for the language.
pub fn set_document_lang(lang: Lang) {
    if let Some(el) = window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = el.set_attribute("lang", lang.code());
        let _ = el.set_attribute("dir", lang.dir());
    }
    if let Some(d) = window().and_then(|w| w.document()) {
        d.set_title(lang.site().app_title);
    }
}

/// Copies text to the clipboard, if the browser allows it.
pub fn copy_text(text: &str) {
    if let Some(w) = window() {
        let _ = w.navigator().clipboard().write_text(text);
    }
}

/// Moves the keyboard focus to the first element matching `selector`; whether there was one.
pub fn focus(selector: &str) -> bool {
    use wasm_bindgen::JsCast;
    let Some(doc) = window().and_then(|w| w.document()) else {
        return false;
    };
    match doc.query_selector(selector).ok().flatten() {
        Some(el) => el
            .dyn_into::<web_sys::HtmlElement>()
            .map(|h| h.focus().is_ok())
            .unwrap_or(false),
        None => false,
    }
}

/// Whether the keyboard focus is nowhere in particular: on the page's body, as when the
/// focused button has just gone away.
pub fn focus_lost() -> bool {
    match window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
    {
        Some(el) => el.tag_name().eq_ignore_ascii_case("body"),
        None => true,
    }
}

/// Moves the keyboard focus `step` places (±1) among the elements matching `selector`
/// inside `container`, wrapping round; whether it moved (the focus must be on one of them).
pub fn focus_step(container: &web_sys::Element, selector: &str, step: i32) -> bool {
    use wasm_bindgen::JsCast;
    let Some(active) = window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
    else {
        return false;
    };
    let Ok(list) = container.query_selector_all(selector) else {
        return false;
    };
    let n = list.length() as i32;
    let Some(at) = (0..n).find(|&i| {
        list.item(i as u32)
            .is_some_and(|node| node.is_same_node(Some(active.as_ref())))
    }) else {
        return false;
    };
    list.item((at + step).rem_euclid(n) as u32)
        .and_then(|node| node.dyn_into::<web_sys::HtmlElement>().ok())
        .is_some_and(|h| h.focus().is_ok())
}

/// Plays one of the table's sounds (`card`, `trick`, `turn`): short tones made by the
/// page's `cardsSound` (index.html, WebAudio, no files). Nothing if it is missing.
pub fn sound(kind: &str) {
    use wasm_bindgen::JsCast;
    let Some(w) = window() else { return };
    let f = js_sys::Reflect::get(&w, &"cardsSound".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let Some(f) = f {
        let _ = f.call1(&wasm_bindgen::JsValue::NULL, &kind.into());
    }
}

/// A short vibration, where the device has one (a phone), for "your turn".
pub fn vibrate(ms: u32) {
    if let Some(w) = window() {
        let navigator = w.navigator();
        // Before the person has touched the page, Chromium refuses to vibrate and logs an
        // error; `navigator.userActivation` says whether they have (absent elsewhere: try).
        let touched = js_sys::Reflect::get(&navigator, &"userActivation".into())
            .ok()
            .filter(|a| a.is_object())
            .and_then(|a| js_sys::Reflect::get(&a, &"hasBeenActive".into()).ok())
            .and_then(|v| v.as_bool())
            .unwrap_or(true);
        if touched {
            let _ = navigator.vibrate_with_duration(ms);
        }
    }
}

/// A Web Worker speaking JSON strings. Messages sent before it says `{"ready":true}` (its
/// wasm still loading) are queued; `{"error":…}` is logged; everything else goes to
/// `on_message`. The worker ends with this handle.
pub struct Worker {
    worker: web_sys::Worker,
    /// `Some` until the worker is ready: what waits to be sent.
    queue: std::rc::Rc<std::cell::RefCell<Option<Vec<String>>>>,
    _on_message: wasm_bindgen::closure::Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: wasm_bindgen::closure::Closure<dyn FnMut(wasm_bindgen::JsValue)>,
}

/// What a [`Worker`]'s `on_message` is told when the worker fails (its script or wasm did
/// not load, or it stopped on an error): it will not answer.
pub const WORKER_FAILED: &str = r#"{"t":"worker_failed"}"#;

impl Worker {
    /// Starts the worker script at `url` (relative to the page); `None` if the browser
    /// cannot.
    pub fn open(url: &str, on_message: Box<dyn Fn(String)>) -> Option<Worker> {
        use wasm_bindgen::JsCast;
        let worker = web_sys::Worker::new(url).ok()?;
        let queue: std::rc::Rc<std::cell::RefCell<Option<Vec<std::string::String>>>> =
            std::rc::Rc::default();
        *queue.borrow_mut() = Some(Vec::new());
        let on_message: std::rc::Rc<dyn Fn(String)> = on_message.into();
        let failed = on_message.clone();
        let on_error = wasm_bindgen::closure::Closure::<dyn FnMut(wasm_bindgen::JsValue)>::new(
            move |_: wasm_bindgen::JsValue| failed(WORKER_FAILED.to_string()),
        );
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let (w, q) = (worker.clone(), queue.clone());
        let on = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
            move |e: web_sys::MessageEvent| {
                let Some(text) = e.data().as_string() else {
                    return;
                };
                if text == r#"{"ready":true}"# {
                    for m in q.borrow_mut().take().unwrap_or_default() {
                        let _ = w.post_message(&wasm_bindgen::JsValue::from_str(&m));
                    }
                } else if text.starts_with(r#"{"error""#) {
                    gloo::console::warn!(text);
                } else {
                    on_message(text);
                }
            },
        );
        worker.set_onmessage(Some(on.as_ref().unchecked_ref()));
        Some(Worker {
            worker,
            queue,
            _on_message: on,
            _on_error: on_error,
        })
    }

    /// Sends `json` (queued until the worker is ready).
    pub fn post(&self, json: String) {
        if let Some(q) = self.queue.borrow_mut().as_mut() {
            q.push(json);
            return;
        }
        let _ = self
            .worker
            .post_message(&wasm_bindgen::JsValue::from_str(&json));
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

#[cfg(test)]
mod tests {
    /// Merges of the one stylesheet once left a rule unclosed, which silently swallowed
    /// every rule after it: every block must close, and none may close twice.
    #[test]
    fn the_stylesheet_blocks_balance() {
        let css = include_str!("../static/style.css");
        let mut depth = 0i32;
        for (i, line) in css.lines().enumerate() {
            depth += line.matches('{').count() as i32 - line.matches('}').count() as i32;
            assert!(depth >= 0, "line {}: a block closes twice", i + 1);
        }
        assert_eq!(depth, 0, "a block is left open");
    }
}
