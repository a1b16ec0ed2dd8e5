//! `relay`: serves the online rooms (and, with `--static`, the built site) on one address.
//! Flags: `relay --help`; docs/relay.md.

use clap::Parser;
use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let cfg = relay::Config::parse();
    let relay = match relay::start(cfg).await {
        Ok(r) => r,
        Err(e) => {
            eprintln!("relay: {e}");
            return ExitCode::FAILURE;
        }
    };
    // Tests started on port 0 read the address from this line.
    println!("relay: listening on http://{}", relay.addr);
    stopped().await;
    eprintln!("relay: shutting down");
    relay.shutdown();
    relay.wait().await;
    ExitCode::SUCCESS
}

/// Waits for SIGTERM or Ctrl-C.
async fn stopped() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
