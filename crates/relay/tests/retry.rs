//! A step the room itself takes (a turn timer's timeout, a bot's move) that the store
//! refuses: nobody hears of it, and it is tried again a second later, while the turn timer
//! keeps running from the last step, so the countdown the seats were sent stays true.

mod common;

use common::*;
use protocol::{ClientMsg, RelayMsg, RoomCode, RoomOptions};
use relay::store::{LoadedRoom, MemoryStore, RoomMeta, Store, StoreError, StoreFuture};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// A memory store that refuses the first `fail` timeout steps it is asked to append, and
/// notes when it refused them.
#[derive(Default)]
struct FlakyStore {
    inner: MemoryStore,
    fail: AtomicU32,
    refused: Mutex<Vec<Instant>>,
}

impl Store for FlakyStore {
    fn create_room<'a>(&'a self, code: &'a RoomCode, meta: &'a RoomMeta) -> StoreFuture<'a, bool> {
        self.inner.create_room(code, meta)
    }
    fn save_room<'a>(
        &'a self,
        code: &'a RoomCode,
        meta: &'a RoomMeta,
        new_match: Option<(u32, &'a Value)>,
    ) -> StoreFuture<'a, ()> {
        self.inner.save_room(code, meta, new_match)
    }
    fn append_step<'a>(
        &'a self,
        code: &'a RoomCode,
        match_no: u32,
        step_no: u32,
        step: &'a Value,
        hash: u64,
    ) -> StoreFuture<'a, ()> {
        let timeout = step.get("timeout").is_some();
        if timeout
            && self
                .fail
                .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
                .is_ok()
        {
            self.refused.lock().unwrap().push(Instant::now());
            return Box::pin(async { Err(StoreError::new("the disk is full (on purpose)")) });
        }
        self.inner.append_step(code, match_no, step_no, step, hash)
    }
    fn delete_room<'a>(&'a self, code: &'a RoomCode) -> StoreFuture<'a, ()> {
        self.inner.delete_room(code)
    }
    fn load_rooms(&self) -> StoreFuture<'_, Vec<LoadedRoom>> {
        self.inner.load_rooms()
    }
    fn load_room<'a>(&'a self, code: &'a RoomCode) -> StoreFuture<'a, Option<LoadedRoom>> {
        self.inner.load_room(code)
    }
    fn public_rooms<'a>(
        &'a self,
        game: Option<&'a str>,
    ) -> StoreFuture<'a, Vec<(RoomCode, RoomMeta)>> {
        self.inner.public_rooms(game)
    }
}

#[tokio::test]
async fn a_refused_timeout_is_retried_a_second_later_and_the_clock_stays_true() {
    // D-7. 15 option seconds of 200 ms: a turn of 3 s.
    let store = Arc::new(FlakyStore {
        fail: AtomicU32::new(2),
        ..FlakyStore::default()
    });
    let relay = relay::start_with_store(config(&["--second-ms", "200"]), store.clone())
        .await
        .expect("the relay starts");
    let options = RoomOptions {
        grace_secs: 30,
        turn_secs: 15,
        ..RoomOptions::default()
    };
    let mut a = Client::create(relay.addr, "crazy_eights", 2, Value::Null, options).await;
    a.send(&ClientMsg::Start).await;
    // The person never acts: the first timeout is refused twice, then stored.
    let f = a
        .until(|m| matches!(m, RelayMsg::Frame { frame } if frame["public"]["timeout"]["seat"] == json!(0)))
        .await;
    let arrived = Instant::now();
    let RelayMsg::Frame { frame } = f else {
        unreachable!()
    };
    let refused = store.refused.lock().unwrap().clone();
    assert_eq!(
        refused.len(),
        2,
        "two refusals before the timeout was stored"
    );
    let step = frame["step"].as_u64().unwrap() as u32;
    // Nobody heard of the refused steps: the step numbers run on without a gap, and the
    // clock of the step before the timeout is the only one for it (no new countdown).
    let before: Vec<_> = a.clocks.iter().filter(|c| c.step == step - 1).collect();
    assert_eq!(before.len(), 1, "one clock for the step that timed out");
    assert_eq!(before[0].seats, vec![0]);
    assert_eq!(before[0].turn_ms, 3000);
    // Each retry came a second after the refusal before it (not a whole turn later, 4 s, as
    // when the retry restarted the turn timer; the bound leaves room for a loaded machine),
    // and the timeout step itself a second after the second refusal.
    let gap = |a: Instant, b: Instant| b.duration_since(a).as_millis();
    let retry = gap(refused[0], refused[1]);
    assert!(
        (900..3500).contains(&retry),
        "retried {retry} ms after the refusal"
    );
    let stored = gap(refused[1], arrived);
    assert!(
        (900..3500).contains(&stored),
        "stored {stored} ms after the second refusal"
    );
    // The room's log holds the timeout once, as the step after the one it timed out.
    let room = inspect_wait(relay.addr, a.code.as_ref().unwrap()).await;
    let steps = room["log"]["steps"].as_array().cloned().unwrap_or_default();
    assert_eq!(steps.len() as u32, room["step"].as_u64().unwrap() as u32);
    assert_eq!(steps[step as usize - 1]["timeout"]["seat"], json!(0));
    drop(a);
    relay.shutdown();
    relay.wait().await;
}
