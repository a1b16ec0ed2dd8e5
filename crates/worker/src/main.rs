//! The hard bots' Web Worker (the page loads `hard-worker_loader.js` only when a hard bot
//! is seated or a hint is asked). Messages are JSON strings both ways; the worker says
//! `{"ready":true}` once it listens, and `{"error":"…"}` for a message it cannot take.

use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

fn main() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let state = RefCell::new(worker::Worker::default());
    let reply = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let Some(text) = e.data().as_string() else {
            return;
        };
        // A hand analysis tells its progress as it goes (the page shows it).
        let mut progress = |json: String| {
            let _ = reply.post_message(&JsValue::from_str(&json));
        };
        let out = match state.borrow_mut().handle_with(&text, &mut progress) {
            Ok(Some(answer)) => answer,
            Ok(None) => return,
            Err(error) => serde_json::json!({ "error": error }).to_string(),
        };
        // A closed page cannot be told; nothing else to do.
        let _ = reply.post_message(&JsValue::from_str(&out));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(r#"{"ready":true}"#));
}
