//! A throwaway nginx in front of a relay, for one test: Debian's `/usr/sbin/nginx` (or the
//! one `CARDS_NGINX` names) as one process (`daemon off`, `master_process off`) whose
//! configuration, pid file, logs and temporary files are all in a temporary folder,
//! listening on 127.0.0.1 on a free port. Its `map` and `location` blocks are those of
//! docs/deploy.md's nginx configuration ("Behind a reverse proxy"), read from the page, so
//! the documented configuration is the tested one; the test supplies only the `listen`
//! address and the `relay` upstream's server. Killed and its folder deleted when dropped,
//! even when the test fails.
//!
//! Not installed, or not starting, is a failure with the reason (`tools/setup.sh test`
//! installs it), never a skip.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// How long nginx may take to answer through to the relay once started.
const START: Duration = Duration::from_secs(15);

pub struct Nginx {
    child: Option<Child>,
    dir: PathBuf,
    /// Where it listens: the front door of the relay.
    pub addr: SocketAddr,
}

fn binary() -> PathBuf {
    let bin = std::env::var_os("CARDS_NGINX")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/sbin/nginx"));
    assert!(
        bin.exists(),
        "nginx is not installed (no {}): run `tools/setup.sh test` or `apt-get install nginx` \
         (the proxy tests run it in front of the relay), or set CARDS_NGINX to its binary",
        bin.display()
    );
    bin
}

/// docs/deploy.md's nginx configuration for the relay: the first `nginx` code block after
/// the heading "Behind a reverse proxy".
fn documented() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/deploy.md");
    let doc = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    doc.split("\n## Behind a reverse proxy\n")
        .nth(1)
        .and_then(|section| section.split("```nginx\n").nth(1))
        .and_then(|block| block.split("\n```").next())
        .unwrap_or_else(|| {
            panic!(
                "{} has no ```nginx block under \"## Behind a reverse proxy\"",
                path.display()
            )
        })
        .to_string()
}

/// The blocks of `conf` (at any depth) whose first line starts with one of `heads`, each
/// whole to its closing brace, comments left out.
fn blocks(conf: &str, heads: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    let mut block: Option<(String, i64)> = None;
    for line in conf.lines() {
        // No `#` is quoted in the documented blocks.
        let code = line.split('#').next().unwrap_or("").trim_end();
        if block.is_none() && heads.iter().any(|h| code.trim_start().starts_with(h)) {
            block = Some((String::new(), 0));
        }
        if let Some((text, depth)) = &mut block {
            text.push_str(code);
            text.push('\n');
            *depth += code.matches('{').count() as i64 - code.matches('}').count() as i64;
            if *depth <= 0 && code.contains('}') {
                found.push(std::mem::take(text));
                block = None;
            }
        }
    }
    found
}

/// A GET of `path` at `addr`: the status line and the body, or why not.
async fn get(addr: SocketAddr, path: &str) -> Result<(String, String), String> {
    let exchange = async {
        let mut s = tokio::net::TcpStream::connect(addr).await?;
        let req = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        s.write_all(req.as_bytes()).await?;
        let mut text = String::new();
        s.read_to_string(&mut text).await?;
        Ok::<_, std::io::Error>(text)
    };
    let text = tokio::time::timeout(Duration::from_secs(5), exchange)
        .await
        .map_err(|_| "no answer in 5 s".to_string())?
        .map_err(|e| e.to_string())?;
    let status = text.lines().next().unwrap_or("").to_string();
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    Ok((status, body))
}

impl Nginx {
    /// Starts nginx in front of the relay at `relay` and waits until the relay's `/health`
    /// answers through it.
    pub async fn start(relay: SocketAddr) -> Nginx {
        let bin = binary();
        let doc = documented();
        let maps = blocks(&doc, &["map "]).concat();
        let locations = blocks(&doc, &["location "]).concat();
        assert!(
            locations.contains("location = /ws")
                && locations.contains("$connection_upgrade")
                && locations.contains("proxy_read_timeout")
                && locations.contains("$proxy_add_x_forwarded_for")
                && locations.contains("location = /metrics")
                && maps.contains("$connection_upgrade"),
            "docs/deploy.md's nginx configuration lost its WebSocket location, its timeout \
             its X-Forwarded-For or its /metrics block: {maps}{locations}"
        );
        let dir = super::scratch_dir("nginx");
        // From here on, dropping `nginx` (a panic included) kills it and deletes `dir`.
        let mut nginx = Nginx {
            child: None,
            dir,
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        };
        let mut last = String::new();
        for _ in 0..3 {
            nginx.addr.set_port(super::free_port());
            let conf = nginx.dir.join("nginx.conf");
            std::fs::write(&conf, nginx.config(relay, &maps, &locations)).unwrap();
            let stderr = std::fs::File::create(nginx.dir.join("stderr.log")).unwrap();
            let child = Command::new(&bin)
                .arg("-p")
                .arg(&nginx.dir)
                .arg("-c")
                .arg(&conf)
                .arg("-e")
                .arg(nginx.dir.join("error.log"))
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(stderr)
                .spawn()
                .unwrap_or_else(|e| panic!("cannot run {}: {e}", bin.display()));
            nginx.child = Some(child);
            match nginx.ready().await {
                Ok(()) => return nginx,
                Err(e) => last = e,
            }
            nginx.stop();
            // Another process took the free port between the look and nginx's bind: again.
            if !last.contains("Address already in use") {
                break;
            }
        }
        panic!("nginx did not start in front of the relay: {last}");
    }

    /// The whole configuration: one process, everything in the folder, the documented
    /// blocks around this test's relay and port.
    fn config(&self, relay: SocketAddr, maps: &str, locations: &str) -> String {
        let d = self.dir.display();
        let port = self.addr.port();
        format!(
            "daemon off;\n\
             master_process off;\n\
             worker_processes 1;\n\
             pid {d}/nginx.pid;\n\
             error_log {d}/error.log notice;\n\
             events {{ worker_connections 256; }}\n\
             http {{\n\
             access_log {d}/access.log;\n\
             client_body_temp_path {d}/client_body;\n\
             proxy_temp_path {d}/proxy;\n\
             fastcgi_temp_path {d}/fastcgi;\n\
             uwsgi_temp_path {d}/uwsgi;\n\
             scgi_temp_path {d}/scgi;\n\
             upstream relay {{ server {relay}; }}\n\
             {maps}\n\
             server {{\n\
             listen 127.0.0.1:{port};\n\
             {locations}\n\
             }}\n\
             }}\n"
        )
    }

    /// What nginx wrote on standard error and in its error log.
    fn logs(&self) -> String {
        let read = |f: &str| std::fs::read_to_string(self.dir.join(f)).unwrap_or_default();
        format!(
            "stderr: {}\nerror.log: {}\nnginx.conf:\n{}",
            read("stderr.log"),
            read("error.log"),
            read("nginx.conf")
        )
    }

    /// Waits until the relay's `/health` answers through nginx, or nginx has exited, or
    /// [`START`] has passed.
    async fn ready(&mut self) -> Result<(), String> {
        let t0 = Instant::now();
        loop {
            let child = self.child.as_mut().unwrap();
            if let Ok(Some(status)) = child.try_wait() {
                return Err(format!("nginx exited ({status}): {}", self.logs()));
            }
            let answer = get(self.addr, "/health").await;
            if let Ok((status, body)) = &answer {
                if status.contains(" 200 ") && body.contains("\"ok\":true") {
                    return Ok(());
                }
            }
            if t0.elapsed() > START {
                return Err(format!(
                    "no answer from the relay through nginx in {START:?} ({answer:?}): {}",
                    self.logs()
                ));
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// The access log so far (one line per request; `/ws` lines are written when their
    /// socket closes).
    pub fn access_log(&self) -> String {
        std::fs::read_to_string(self.dir.join("access.log")).unwrap_or_default()
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        self.stop();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
