//! `relay`: serves the online rooms (and, with `--static`, the built site) on one address.
//! Flags: `relay --help`; docs/relay.md.

use clap::Parser;
use std::process::ExitCode;
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> ExitCode {
    let cfg = relay::Config::parse();
    logs(cfg.log_format);
    let relay = match relay::start(cfg).await {
        Ok(r) => r,
        Err(e) => {
            tracing::error!("not started: {e}");
            return ExitCode::FAILURE;
        }
    };
    tracing::info!(addr = %relay.addr, "listening");
    // Tests and tools started on port 0 read the address from this line (stdout).
    println!("relay: listening on http://{}", relay.addr);
    stopped().await;
    tracing::info!("shutting down");
    relay.shutdown();
    relay.wait().await;
    ExitCode::SUCCESS
}

/// Log lines to stderr, those `RUST_LOG` asks for (`info` if unset or unreadable).
fn logs(format: relay::LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let fmt = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match format {
        relay::LogFormat::Text => fmt.init(),
        relay::LogFormat::Json => fmt.json().init(),
    }
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
