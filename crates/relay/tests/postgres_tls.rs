//! The relay on PostgreSQL over TLS (issue 23, "PostgreSQL with TLS"): a throwaway cluster
//! that takes only TLS connections over TCP, its certificate signed by a CA made for the test
//! (common/pg.rs). With `--database-ca` the relay's every connection is encrypted and a match
//! is played and stored through it; a plain connection is refused by the server, and a
//! certificate the relay cannot verify (`sslmode=require` against the system's CAs) is refused
//! by the relay: each stops the relay at its start with the reason, not a panic.

mod common;

use common::pg::{skipped, Postgres};
use common::{play_until, spawn_relay, Client};
use protocol::RoomOptions;
use serde_json::Value;

/// Starts the relay on `db`, expecting it to stop at once: its stderr.
fn refused(db: &str, extra: &[&str]) -> String {
    let out = std::process::Command::new("timeout")
        .arg("60")
        .arg(env!("CARGO_BIN_EXE_relay"))
        .args(["--listen", "127.0.0.1:0", "--database", db])
        .args(extra)
        .output()
        .expect("the relay binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(
        out.status.code(),
        Some(1),
        "the relay stops with an error, not a panic or a timeout: {stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_relay_reaches_postgres_over_verified_tls_and_refuses_what_it_cannot_verify() {
    if skipped() {
        return;
    }
    let (pg, ca) = Postgres::start_tls();
    let db = pg.database("tls");

    // Plain: the server takes none over TCP.
    let plain = refused(&format!("{db}?sslmode=disable"), &[]);
    assert!(plain.contains("no encryption"), "{plain}");
    // TLS asked for, but the server's certificate is signed by a CA the system does not trust.
    let unknown = refused(&format!("{db}?sslmode=require"), &[]);
    assert!(unknown.contains("certificate"), "{unknown}");
    // A CA file that holds no certificate.
    let empty = pg.dir().join("empty.pem");
    std::fs::write(&empty, "").unwrap();
    let none = refused(&db, &["--database-ca", empty.to_str().unwrap()]);
    assert!(none.contains("no certificate"), "{none}");

    // With the CA: a match through the relay, every one of its connections encrypted.
    let (_relay, addr) = spawn_relay(&db, &["--database-ca", ca.to_str().unwrap()]).await;
    let (mut a, mut b) =
        Client::start_two(addr, "hokm", 2, Value::Null, RoomOptions::default()).await;
    // Both play until both have seen step 20 (each sees every step, so neither stops while
    // the other waits for it).
    let past = |c: &Client, _| {
        c.frames
            .last()
            .is_some_and(|f| f["step"].as_u64() > Some(20))
    };
    let (moves_a, moves_b) = tokio::join!(
        play_until(&mut a, "hokm", 1, past),
        play_until(&mut b, "hokm", 2, past)
    );
    assert!(moves_a + moves_b > 0, "the people played");
    let step = a.frames.last().unwrap()["step"].as_u64().unwrap();
    let stored = pg.sql("tls", "SELECT count(*) FROM steps");
    assert!(
        stored.parse::<u64>().unwrap() >= step,
        "every step acknowledged is stored ({stored} rows, step {step})"
    );
    let conns = pg.sql(
        "postgres",
        "SELECT count(*) || ' ' || bool_and(s.ssl) FROM pg_stat_ssl s \
         JOIN pg_stat_activity a USING (pid) WHERE a.application_name = 'cards-relay'",
    );
    let (n, all_tls) = conns.split_once(' ').unwrap();
    assert!(
        n.parse::<u32>().unwrap() >= 1,
        "the relay is connected ({conns})"
    );
    assert_eq!(
        all_tls, "true",
        "every connection of the relay is encrypted ({conns})"
    );
}
