//! One WebSocket connection: reads the client's messages under the connection's limits
//! (size, message budget), opens a room (create, join, resume) and passes the rest to the
//! room's task, or watches a room (and answers its messages itself: a watcher only
//! watches); a writer task sends what the room queues for it.

use crate::cluster::{Route, Upstream};
use crate::limits::{Budget, Verdict};
use crate::room::{check_name, check_room, Actor, Conn, Out, Refused, RoomHandle};
use crate::Shared;
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use protocol::{codes, ClientMsg, ErrorBody, RelayMsg, RoomCode, RoomOptions, RELAY_VERSION};
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as TMessage;

/// Messages a connection's writer may have queued before the connection counts as too
/// slow and is dropped (it resyncs with a snapshot when it resumes).
pub const CONN_QUEUE: usize = 256;

/// How long a closing connection waits for its writer to send what was queued and, if
/// the relay closed it, for the client's answer to the close frame, before it is dropped
/// anyway.
const LINGER: Duration = Duration::from_secs(3);

/// A client that has sent nothing for this long after the relay's close frame went out
/// has nothing in flight: its socket can be dropped without a reset.
const QUIET: Duration = Duration::from_millis(200);

fn send_now(tx: &mpsc::Sender<Out>, msg: &RelayMsg) {
    if let Ok(text) = serde_json::to_string(msg) {
        let _ = tx.try_send(Out::Text(text));
    }
}

/// Sends an error, counted by its code and logged (its code only).
fn send_error(shared: &Shared, tx: &mpsc::Sender<Out>, e: ErrorBody) {
    shared.metrics.error(&e.error);
    tracing::debug!(code = e.error, "refused");
    send_now(tx, &RelayMsg::Error(e));
}

fn error(shared: &Shared, tx: &mpsc::Sender<Out>, code: &str, message: impl Into<String>) {
    send_error(shared, tx, ErrorBody::new(code, message));
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

/// Where a connection's messages go once it holds a seat or watches.
enum Seated {
    /// A room of this instance.
    Local(RoomHandle),
    /// Watching a room of this instance (issue 23): its messages never reach the room.
    Watching(RoomHandle),
    /// Another instance's room, through a socket to it (docs/scaling.md).
    Remote(futures_util::stream::SplitSink<Upstream, TMessage>),
}

/// Passes what the owner of a room sends on to the client, then its close (a socket to
/// the owner that drops asks the client to reconnect: the room moves to another
/// instance), and drops the connection.
async fn pump(
    mut upstream: futures_util::stream::SplitStream<Upstream>,
    tx: mpsc::Sender<Out>,
    kick: tokio_util::sync::CancellationToken,
) {
    let close = loop {
        match upstream.next().await {
            Some(Ok(TMessage::Text(t))) => {
                if tx.try_send(Out::Text(t.as_str().to_string())).is_err() {
                    // The client does not read: dropped, as a room drops it.
                    break None;
                }
            }
            Some(Ok(TMessage::Close(frame))) => break frame.map(|f| u16::from(f.code)),
            Some(Ok(_)) => {}
            Some(Err(_)) | None => break None,
        }
    };
    let out = match close {
        Some(1000) => Out::Close(1000, "the room was closed"),
        Some(4000) => Out::Close(4000, "the seat was taken by a newer connection"),
        _ => Out::Close(1012, "the room's relay is gone: reconnect"),
    };
    let _ = tx.try_send(out);
    kick.cancel();
}

/// Serves one upgraded socket until it closes, the room drops it, or the relay stops.
/// `ip`: the client's address, which the room-creation quota counts (the peer's, or the
/// one a trusted proxy named: [`crate::proxy::client_ip`]). `hop`: another instance passed
/// the socket on (it is not passed on again).
/// Its log lines are in a span of its number and the client's address.
pub async fn run(socket: WebSocket, ip: IpAddr, shared: Arc<Shared>, hop: bool) {
    use tracing::Instrument;
    let id = shared.next_conn.fetch_add(1, Ordering::Relaxed);
    let span = tracing::info_span!("conn", n = id, peer = %ip, hop);
    serve(socket, ip, shared, hop, id).instrument(span).await
}

async fn serve(socket: WebSocket, ip: IpAddr, shared: Arc<Shared>, hop: bool, id: u64) {
    let cfg = &shared.cfg;
    let _socket = crate::metrics::SocketGuard::new(&shared.metrics);
    tracing::debug!("open");
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<Out>(CONN_QUEUE);
    let kick = shared.shutdown.child_token();
    let sent = shared.metrics.frames_sent.clone();
    let writer = tokio::spawn(async move {
        while let Some(out) = rx.recv().await {
            let close = match out {
                Out::Text(t) => {
                    if sink.send(Message::Text(t.into())).await.is_err() {
                        return;
                    }
                    sent.inc();
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
    let mut room: Option<Seated> = None;
    let mut budget = Budget::new(cfg.msg_burst, cfg.msgs_per_sec);
    // Whether the relay closed the socket (rather than the client, or the network).
    let relay_closed = loop {
        let next = tokio::select! {
            _ = kick.cancelled() => {
                if shared.shutdown.is_cancelled() {
                    let _ = tx.try_send(Out::Close(1012, "the relay is restarting: reconnect"));
                }
                break true;
            }
            m = stream.next() => m,
        };
        let text = match next {
            None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break false,
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            Some(Ok(Message::Binary(_))) => {
                error(&shared, &tx, codes::BAD_MESSAGE, "messages are JSON text");
                continue;
            }
            Some(Ok(Message::Text(t))) => t,
        };
        match budget.take(Instant::now()) {
            Verdict::Take => {}
            Verdict::Drop { answer } => {
                if answer {
                    error(
                        &shared,
                        &tx,
                        codes::FLOOD,
                        format!(
                            "too many messages (at most {} a second): dropped",
                            cfg.msgs_per_sec
                        ),
                    );
                }
                continue;
            }
            Verdict::Close => {
                error(
                    &shared,
                    &tx,
                    codes::FLOOD,
                    format!(
                        "too many messages (at most {} a second): the socket is closed",
                        cfg.msgs_per_sec
                    ),
                );
                let _ = tx.try_send(Out::Close(1008, "flood"));
                break true;
            }
        }
        if text.len() > cfg.max_message {
            error(
                &shared,
                &tx,
                codes::TOO_LARGE,
                format!("a message is at most {} bytes", cfg.max_message),
            );
            continue;
        }
        let msg: ClientMsg = match serde_json::from_str(text.as_str()) {
            Ok(m) => m,
            Err(e) => {
                error(
                    &shared,
                    &tx,
                    codes::BAD_MESSAGE,
                    format!("not a relay message: {e}"),
                );
                continue;
            }
        };
        match &mut room {
            Some(Seated::Local(h)) => match h.send_msg(id, msg) {
                Ok(()) => {}
                Err(refused) => {
                    send_error(&shared, &tx, refused.into());
                    if refused == Refused::Closed {
                        room = None;
                    }
                }
            },
            Some(Seated::Watching(h)) => match msg {
                ClientMsg::Ping => send_now(&tx, &RelayMsg::Pong),
                ClientMsg::Replay => {
                    if let Err(refused) = h.watcher_replay(id) {
                        send_error(&shared, &tx, refused.into());
                    }
                }
                _ => error(
                    &shared,
                    &tx,
                    codes::WATCHER,
                    "a watcher only watches: no move, reaction or seat (join from another page)",
                ),
            },
            Some(Seated::Remote(up)) => {
                if up.send(TMessage::Text(text.as_str().into())).await.is_err() {
                    let _ = tx.try_send(Out::Close(1012, "the room's relay is gone: reconnect"));
                    break true;
                }
            }
            None => match open(&shared, ip, &conn, msg, hop).await {
                Ok(Some(Opened::Local(h))) => room = Some(Seated::Local(h)),
                Ok(Some(Opened::Watching(h))) => room = Some(Seated::Watching(h)),
                Ok(Some(Opened::Remote(up, welcome))) => {
                    let _ = tx.try_send(Out::Text(welcome));
                    let (sink, stream) = (*up).split();
                    shared.tracker.spawn(pump(stream, tx.clone(), kick.clone()));
                    room = Some(Seated::Remote(sink));
                }
                Ok(None) => {}
                Err(e) => send_error(&shared, &tx, e),
            },
        }
    };
    match room {
        Some(Seated::Local(h) | Seated::Watching(h)) => {
            h.detach(id).await;
        }
        Some(Seated::Remote(mut up)) => {
            let _ = tokio::time::timeout(Duration::from_secs(2), up.close()).await;
        }
        None => {}
    }
    drop(conn);
    drop(tx);
    finish(writer, &mut stream, relay_closed).await;
    tracing::debug!(relay_closed, "closed");
}

/// Ends a connection: waits for its writer to send what was queued (the close frame
/// last) and, if the relay closed the socket (`drain`), reads and drops what the client
/// still sends until it answers the close frame, goes, or has gone quiet since the close
/// frame went; all within [`LINGER`]. A socket dropped with messages unread is reset by
/// the OS, and a reset loses whatever the client had not read yet, the close frame and
/// the last errors included: a flooding client saw 1006, not 1008.
async fn finish(
    mut writer: tokio::task::JoinHandle<()>,
    stream: &mut futures_util::stream::SplitStream<WebSocket>,
    mut drain: bool,
) {
    let until = tokio::time::Instant::now() + LINGER;
    let mut written = false;
    while !written || drain {
        tokio::select! {
            _ = tokio::time::sleep_until(until) => break,
            _ = &mut writer, if !written => written = true,
            m = tokio::time::timeout(QUIET, stream.next()), if drain => match m {
                Ok(Some(Ok(Message::Close(_))) | Some(Err(_)) | None) => drain = false,
                Ok(Some(Ok(_))) => {}
                // Quiet: nothing is in flight once the close frame is out.
                Err(_) => drain = !written,
            },
        }
    }
    if !written {
        writer.abort();
    }
}

/// A room a connection opened.
enum Opened {
    /// In this instance.
    Local(RoomHandle),
    /// Watched, in this instance.
    Watching(RoomHandle),
    /// In another, through this socket to it (the join, resume or watch already sent on
    /// it), with the owner's first answer to pass on (a welcome; a watch's lobby).
    Remote(Box<Upstream>, String),
}

/// The room of a join, resume or watch: this instance's, or found through the shared
/// store. The owner of a room in another instance answers a join or a resume with a
/// welcome, a watch with the lobby.
async fn locate(
    shared: &Arc<Shared>,
    code: &RoomCode,
    hop: bool,
    msg: &ClientMsg,
) -> Result<Result<RoomHandle, (Box<Upstream>, String)>, ErrorBody> {
    let watch = matches!(msg, ClientMsg::Watch { .. });
    let e = match find(shared, code) {
        Ok(h) => return Ok(Ok(h)),
        Err(e) => e,
    };
    if shared.cluster.is_none() {
        return Err(e);
    }
    let Some(code) = RoomCode::parse(&code.0) else {
        return Err(e);
    };
    match crate::cluster::route(shared, &code, hop).await? {
        Route::Local(h) => Ok(Ok(h)),
        Route::Remote(mut up) => match ask_owner(&mut up, msg).await? {
            (answer, RelayMsg::Welcome { .. }) if !watch => Ok(Err((up, answer))),
            (answer, RelayMsg::Lobby { .. }) if watch => Ok(Err((up, answer))),
            (_, RelayMsg::Error(e)) => {
                let _ = tokio::time::timeout(Duration::from_secs(2), up.close()).await;
                Err(e)
            }
            _ => Err(owner_silent()),
        },
    }
}

fn owner_silent() -> ErrorBody {
    ErrorBody::new(codes::BUSY, "the room's relay does not answer: try again")
}

/// Sends `msg` to the instance that owns the room, and reads its first answer (10 s at
/// most): a refusal (a wrong token, a full room) leaves this connection unseated, as in a
/// room of this instance; a welcome seats it there; a lobby answers a peek.
async fn ask_owner(up: &mut Upstream, msg: &ClientMsg) -> Result<(String, RelayMsg), ErrorBody> {
    let text = serde_json::to_string(msg)
        .map_err(|e| ErrorBody::new(codes::BAD_MESSAGE, e.to_string()))?;
    up.send(TMessage::Text(text.into()))
        .await
        .map_err(|_| owner_silent())?;
    let answer = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match up.next().await {
                Some(Ok(TMessage::Text(t))) => return Some(t.as_str().to_string()),
                Some(Ok(TMessage::Close(_))) | Some(Err(_)) | None => return None,
                Some(Ok(_)) => {}
            }
        }
    })
    .await
    .ok()
    .flatten()
    .ok_or_else(owner_silent)?;
    let parsed = serde_json::from_str::<RelayMsg>(&answer).map_err(|_| owner_silent())?;
    Ok((answer, parsed))
}

/// Answers a peek: the lobby of the room of `code` (in this instance, or asked of the
/// instance that owns it), or why not. The connection stays without a seat.
async fn peek(
    shared: &Arc<Shared>,
    conn: &Conn,
    code: &RoomCode,
    hop: bool,
    msg: &ClientMsg,
) -> Result<(), ErrorBody> {
    let handle = match find(shared, code) {
        Ok(h) => h,
        Err(e) => {
            let Some(code) = RoomCode::parse(&code.0).filter(|_| shared.cluster.is_some()) else {
                return Err(e);
            };
            match crate::cluster::route(shared, &code, hop).await? {
                Route::Local(h) => h,
                Route::Remote(mut up) => {
                    let answer = ask_owner(&mut up, msg).await;
                    let _ = tokio::time::timeout(Duration::from_secs(2), up.close()).await;
                    return match answer? {
                        (text, RelayMsg::Lobby { .. }) => {
                            let _ = conn.tx.try_send(Out::Text(text));
                            Ok(())
                        }
                        (_, RelayMsg::Error(e)) => Err(e),
                        _ => Err(owner_silent()),
                    };
                }
            }
        }
    };
    let lobby = handle
        .peek()
        .await
        .ok_or_else(|| crate::rooms::unknown_room(code))?;
    send_now(&conn.tx, &RelayMsg::Lobby { lobby });
    Ok(())
}

/// A message before the connection holds a seat: create, join, resume, watch, quick play
/// (or a ping or a peek).
async fn open(
    shared: &Arc<Shared>,
    ip: IpAddr,
    conn: &Conn,
    msg: ClientMsg,
    hop: bool,
) -> Result<Option<Opened>, ErrorBody> {
    match msg {
        ClientMsg::Ping => {
            send_now(&conn.tx, &RelayMsg::Pong);
            Ok(None)
        }
        ClientMsg::Peek {
            version,
            frames,
            ref code,
        } => {
            check_versions(version, frames)?;
            peek(shared, conn, code, hop, &msg).await?;
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
            create(shared, ip, conn, info, players, settings, options, name).await
        }
        ClientMsg::QuickPlay {
            version,
            frames,
            game,
            players,
            settings,
            name,
        } => {
            check_versions(version, frames)?;
            let name = check_name(&name)?;
            let options = RoomOptions {
                public: true,
                ..RoomOptions::default()
            };
            let (info, filled) = check_room(&game, players, &settings, &options)?;
            let wanted = (!settings.is_null()).then_some(&filled);
            let tables = crate::public::candidates(shared, info.slug, players, wanted)
                .await
                .map_err(|e| ErrorBody::new(codes::STORE, e.to_string()))?;
            for code in tables {
                tracing::debug!(room = %code, "quick play: join");
                match quick_join(shared, conn, &code, &name, version, frames, hop).await {
                    Ok(opened) => {
                        shared.metrics.quick_play("joined");
                        return Ok(Some(opened));
                    }
                    // Taken or started meanwhile: the next table.
                    Err(e) => {
                        tracing::debug!(room = %code, code = e.error, "quick play: not joined")
                    }
                }
            }
            tracing::debug!("quick play: a new table");
            let opened = create(shared, ip, conn, info, players, filled, options, name).await?;
            shared.metrics.quick_play("created");
            Ok(opened)
        }
        ClientMsg::Join {
            version,
            frames,
            code,
            name,
        } => {
            check_versions(version, frames)?;
            let name = check_name(&name)?;
            tracing::debug!(room = %code.0, "join");
            let again = ClientMsg::Join {
                version,
                frames,
                code: code.clone(),
                name: name.clone(),
            };
            let handle = match locate(shared, &code, hop, &again).await? {
                Ok(h) => h,
                Err((up, welcome)) => return Ok(Some(Opened::Remote(up, welcome))),
            };
            handle.join(name, conn.clone()).await?;
            Ok(Some(Opened::Local(handle)))
        }
        ClientMsg::Resume {
            version,
            frames,
            code,
            token,
        } => {
            check_versions(version, frames)?;
            tracing::debug!(room = %code.0, "resume");
            let again = ClientMsg::Resume {
                version,
                frames,
                code: code.clone(),
                token: token.clone(),
            };
            let handle = match locate(shared, &code, hop, &again).await? {
                Ok(h) => h,
                Err((up, welcome)) => return Ok(Some(Opened::Remote(up, welcome))),
            };
            handle.resume(token, conn.clone()).await?;
            Ok(Some(Opened::Local(handle)))
        }
        ClientMsg::Watch {
            version,
            frames,
            code,
        } => {
            check_versions(version, frames)?;
            tracing::debug!(room = %code.0, "watch");
            let again = ClientMsg::Watch {
                version,
                frames,
                code: code.clone(),
            };
            let handle = match locate(shared, &code, hop, &again).await? {
                Ok(h) => h,
                Err((up, lobby)) => return Ok(Some(Opened::Remote(up, lobby))),
            };
            handle.watch(conn.clone()).await?;
            Ok(Some(Opened::Watching(handle)))
        }
        _ => Err(ErrorBody::new(
            codes::NO_ROOM,
            "create, join or resume a room first",
        )),
    }
}

/// Makes a room (checked), seats its creator (`conn`) and starts its task: within the
/// address's quota of new rooms and the relay's of rooms.
#[allow(clippy::too_many_arguments)]
async fn create(
    shared: &Arc<Shared>,
    ip: IpAddr,
    conn: &Conn,
    info: &'static registry::GameInfo,
    players: u8,
    settings: serde_json::Value,
    options: RoomOptions,
    name: String,
) -> Result<Option<Opened>, ErrorBody> {
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
    let (handle, inbox) = crate::room::channel();
    let code = shared
        .rooms
        .free_code(shared.cfg.max_rooms)
        .ok_or_else(|| ErrorBody::new(codes::FULL, "the relay is full: try later"))?;
    let mut actor = Actor::new(
        shared.clone(),
        code,
        info,
        players,
        settings,
        options,
        name,
        inbox,
    );
    let token = actor.creator_token();
    // The store gives the code (another instance may have drawn it too); only then is the
    // room this instance's.
    actor.create().await?;
    tracing::info!(room = %actor.code(), game = info.slug, players, public = options.public, "room created");
    shared.rooms.insert(actor.code().clone(), handle.clone());
    shared.tracker.spawn(actor.run());
    handle.resume(token, conn.clone()).await?;
    Ok(Some(Opened::Local(handle)))
}

/// Quick play's join of the public table `code`: an empty seat of its lobby if it runs
/// here; a join by its code if another instance runs it.
async fn quick_join(
    shared: &Arc<Shared>,
    conn: &Conn,
    code: &RoomCode,
    name: &str,
    version: u32,
    frames: u32,
    hop: bool,
) -> Result<Opened, ErrorBody> {
    let again = ClientMsg::Join {
        version,
        frames,
        code: code.clone(),
        name: name.to_string(),
    };
    let handle = match locate(shared, code, hop, &again).await? {
        Ok(h) => h,
        Err((up, welcome)) => return Ok(Opened::Remote(up, welcome)),
    };
    handle.join_lobby(name.to_string(), conn.clone()).await?;
    Ok(Opened::Local(handle))
}

fn find(shared: &Shared, code: &RoomCode) -> Result<RoomHandle, ErrorBody> {
    let unknown = || crate::rooms::unknown_room(code);
    let code = RoomCode::parse(&code.0).ok_or_else(unknown)?;
    shared.rooms.get(&code).ok_or_else(unknown)
}
