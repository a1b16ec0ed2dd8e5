//! One WebSocket connection: reads the client's messages under the connection's limits
//! (size, message budget), opens a room (create, join, resume) and passes the rest to the
//! room's task; a writer task sends what the room queues for it.

use crate::limits::Budget;
use crate::room::{check_name, check_room, Actor, Cmd, Conn, Out, RoomHandle, QUEUE};
use crate::Shared;
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use protocol::{codes, ClientMsg, ErrorBody, RelayMsg, RoomCode, RELAY_VERSION};
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

/// Messages a connection's writer may have queued before the connection counts as too
/// slow and is dropped (it resyncs with a snapshot when it resumes).
pub const CONN_QUEUE: usize = 256;

/// Budget overruns in a row after which a flooding connection is closed.
const FLOOD_CLOSE: u32 = 500;

fn send_now(tx: &mpsc::Sender<Out>, msg: &RelayMsg) {
    if let Ok(text) = serde_json::to_string(msg) {
        let _ = tx.try_send(Out::Text(text));
    }
}

fn error(tx: &mpsc::Sender<Out>, code: &str, message: impl Into<String>) {
    send_now(tx, &RelayMsg::Error(ErrorBody::new(code, message)));
}

fn check_versions(version: u32, frames: u32) -> Result<(), ErrorBody> {
    if version == RELAY_VERSION && frames == registry::PROTOCOL_VERSION {
        return Ok(());
    }
    Err(ErrorBody::new(
        codes::VERSION,
        format!(
            "this page speaks relay protocol {version} with frames {frames}, the relay \
             {RELAY_VERSION} with frames {}: reload the page",
            registry::PROTOCOL_VERSION
        ),
    ))
}

/// Serves one upgraded socket until it closes, the room drops it, or the relay stops.
pub async fn run(socket: WebSocket, ip: IpAddr, shared: Arc<Shared>) {
    let cfg = &shared.cfg;
    let id = shared.next_conn.fetch_add(1, Ordering::Relaxed);
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<Out>(CONN_QUEUE);
    let kick = shared.shutdown.child_token();
    let writer = tokio::spawn(async move {
        while let Some(out) = rx.recv().await {
            let close = match out {
                Out::Text(t) => {
                    if sink.send(Message::Text(t.into())).await.is_err() {
                        return;
                    }
                    continue;
                }
                Out::Close(code, reason) => CloseFrame {
                    code,
                    reason: reason.into(),
                },
            };
            let _ = sink.send(Message::Close(Some(close))).await;
            return;
        }
        let _ = sink.close().await;
    });
    let conn = Conn {
        id,
        tx: tx.clone(),
        kick: kick.clone(),
    };
    let mut room: Option<RoomHandle> = None;
    let mut budget = Budget::new(cfg.msg_burst, cfg.msgs_per_sec);
    let mut overruns = 0u32;
    loop {
        let next = tokio::select! {
            _ = kick.cancelled() => {
                if shared.shutdown.is_cancelled() {
                    let _ = tx.try_send(Out::Close(1012, "the relay is restarting: reconnect"));
                }
                break;
            }
            m = stream.next() => m,
        };
        let text = match next {
            None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            Some(Ok(Message::Binary(_))) => {
                error(&tx, codes::BAD_MESSAGE, "messages are JSON text");
                continue;
            }
            Some(Ok(Message::Text(t))) => t,
        };
        if !budget.take(Instant::now()) {
            overruns += 1;
            if overruns == 1 || overruns.is_multiple_of(100) {
                error(
                    &tx,
                    codes::FLOOD,
                    format!(
                        "too many messages (at most {} a second): dropped",
                        cfg.msgs_per_sec
                    ),
                );
            }
            if overruns >= FLOOD_CLOSE {
                let _ = tx.try_send(Out::Close(1008, "too many messages"));
                break;
            }
            continue;
        }
        overruns = 0;
        if text.len() > cfg.max_message {
            error(
                &tx,
                codes::TOO_LARGE,
                format!("a message is at most {} bytes", cfg.max_message),
            );
            continue;
        }
        let msg: ClientMsg = match serde_json::from_str(text.as_str()) {
            Ok(m) => m,
            Err(e) => {
                error(&tx, codes::BAD_MESSAGE, format!("not a relay message: {e}"));
                continue;
            }
        };
        match &room {
            Some(h) => match h.tx.try_send(Cmd::Msg { conn_id: id, msg }) {
                Ok(()) => {}
                Err(mpsc::error::TrySendError::Full(_)) => {
                    error(&tx, codes::BUSY, "the room is busy: try again")
                }
                Err(mpsc::error::TrySendError::Closed(_)) => {
                    error(&tx, codes::UNKNOWN_ROOM, "the room was closed");
                    room = None;
                }
            },
            None => match open(&shared, ip, &conn, msg).await {
                Ok(Some(h)) => room = Some(h),
                Ok(None) => {}
                Err(e) => send_now(&tx, &RelayMsg::Error(e)),
            },
        }
    }
    if let Some(h) = room {
        let _ = h.tx.send(Cmd::Detach { conn_id: id }).await;
    }
    drop(conn);
    drop(tx);
    let mut writer = writer;
    if tokio::time::timeout(Duration::from_secs(3), &mut writer)
        .await
        .is_err()
    {
        writer.abort();
    }
}

/// A message before the connection holds a seat: create, join, resume (or a ping).
async fn open(
    shared: &Arc<Shared>,
    ip: IpAddr,
    conn: &Conn,
    msg: ClientMsg,
) -> Result<Option<RoomHandle>, ErrorBody> {
    match msg {
        ClientMsg::Ping => {
            send_now(&conn.tx, &RelayMsg::Pong);
            Ok(None)
        }
        ClientMsg::Create {
            version,
            frames,
            game,
            players,
            settings,
            options,
            name,
        } => {
            check_versions(version, frames)?;
            let name = check_name(&name)?;
            let (info, settings) = check_room(&game, players, &settings, &options)?;
            if !shared
                .quota
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .take(ip, Instant::now())
            {
                return Err(ErrorBody::new(
                    codes::QUOTA,
                    format!(
                        "at most {} rooms from one address in {} s: wait a little",
                        shared.cfg.rooms_per_ip, shared.cfg.quota_window_secs
                    ),
                ));
            }
            let (rtx, rrx) = mpsc::channel(QUEUE);
            let handle = RoomHandle { tx: rtx };
            let code = {
                let mut rooms = shared.rooms.lock().unwrap_or_else(|p| p.into_inner());
                if rooms.len() >= shared.cfg.max_rooms {
                    return Err(ErrorBody::new(codes::FULL, "the relay is full: try later"));
                }
                let mut code = crate::secret::room_code();
                while rooms.contains_key(&code) {
                    code = crate::secret::room_code();
                }
                rooms.insert(code.clone(), handle.clone());
                code
            };
            let actor = Actor::new(
                shared.clone(),
                code.clone(),
                info,
                players,
                settings,
                options,
                name,
                rrx,
            );
            let token = actor.creator_token();
            if let Err(e) = actor.save_new().await {
                shared
                    .rooms
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .remove(&code);
                return Err(e);
            }
            shared.tracker.spawn(actor.run());
            let (reply, answer) = oneshot::channel();
            send_cmd(
                &handle,
                Cmd::Resume {
                    token,
                    conn: conn.clone(),
                    reply,
                },
                answer,
            )
            .await?;
            Ok(Some(handle))
        }
        ClientMsg::Join {
            version,
            frames,
            code,
            name,
        } => {
            check_versions(version, frames)?;
            let name = check_name(&name)?;
            let handle = find(shared, &code)?;
            let (reply, answer) = oneshot::channel();
            let cmd = Cmd::Join {
                name,
                conn: conn.clone(),
                reply,
            };
            send_cmd(&handle, cmd, answer).await?;
            Ok(Some(handle))
        }
        ClientMsg::Resume {
            version,
            frames,
            code,
            token,
        } => {
            check_versions(version, frames)?;
            let handle = find(shared, &code)?;
            let (reply, answer) = oneshot::channel();
            let cmd = Cmd::Resume {
                token,
                conn: conn.clone(),
                reply,
            };
            send_cmd(&handle, cmd, answer).await?;
            Ok(Some(handle))
        }
        _ => Err(ErrorBody::new(
            codes::NO_ROOM,
            "create, join or resume a room first",
        )),
    }
}

fn find(shared: &Shared, code: &RoomCode) -> Result<RoomHandle, ErrorBody> {
    let unknown = || {
        ErrorBody::new(
            codes::UNKNOWN_ROOM,
            format!("no open room has the code {code}"),
        )
    };
    let code = RoomCode::parse(&code.0).ok_or_else(unknown)?;
    shared
        .rooms
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .get(&code)
        .cloned()
        .ok_or_else(unknown)
}

async fn send_cmd(
    handle: &RoomHandle,
    cmd: Cmd,
    answer: oneshot::Receiver<Result<u8, ErrorBody>>,
) -> Result<u8, ErrorBody> {
    let gone = || ErrorBody::new(codes::UNKNOWN_ROOM, "the room was closed");
    match handle.tx.try_send(cmd) {
        Ok(()) => {}
        Err(mpsc::error::TrySendError::Full(_)) => {
            return Err(ErrorBody::new(codes::BUSY, "the room is busy: try again"))
        }
        Err(mpsc::error::TrySendError::Closed(_)) => return Err(gone()),
    }
    match tokio::time::timeout(Duration::from_secs(10), answer).await {
        Ok(Ok(r)) => r,
        Ok(Err(_)) => Err(gone()),
        Err(_) => Err(ErrorBody::new(
            codes::BUSY,
            "the room did not answer: try again",
        )),
    }
}
