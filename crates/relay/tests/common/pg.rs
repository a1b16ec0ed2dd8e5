//! A throwaway PostgreSQL cluster for one test: Debian's `postgresql` binaries, `initdb` in
//! a temporary folder, the server on 127.0.0.1 on a free port (and a unix socket in the
//! folder), stopped and deleted when dropped, even when the test fails. `initdb` refuses
//! to run as root, so as root the cluster runs as the `postgres` user the package creates.
//!
//! Not installed or not starting is a failure with its reason, unless `CARDS_SKIP_PG=1`
//! (an explicit opt-out, never set by `./test`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub struct Postgres {
    dir: PathBuf,
    bin: PathBuf,
    user: Option<&'static str>,
    pub port: u16,
}

/// Whether the PostgreSQL tests are skipped on purpose (`CARDS_SKIP_PG=1`).
pub fn skipped() -> bool {
    if std::env::var("CARDS_SKIP_PG").is_ok_and(|v| v == "1") {
        eprintln!("CARDS_SKIP_PG=1: this PostgreSQL test is skipped");
        return true;
    }
    false
}

fn bin_dir() -> PathBuf {
    if let Ok(dir) = std::env::var("CARDS_PG_BIN") {
        return PathBuf::from(dir);
    }
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let v = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((v, bin))
        })
        .collect();
    found.sort();
    match found.pop() {
        Some((_, bin)) => bin,
        None => panic!(
            "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): run \
             `tools/setup.sh test` or `apt-get install postgresql`, or set CARDS_SKIP_PG=1 \
             to skip the PostgreSQL tests"
        ),
    }
}

impl Postgres {
    fn run(&self, program: &str, args: &[&str]) -> Output {
        let exe = self.bin.join(program);
        // Bounded: a stuck server fails the test instead of hanging it.
        let mut cmd = Command::new("timeout");
        cmd.arg("60");
        if let Some(user) = self.user {
            cmd.args(["runuser", "-u", user, "--"]);
        }
        cmd.arg(&exe).args(args).current_dir(&self.dir);
        cmd.output()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()))
    }

    fn path(&self, p: &str) -> String {
        self.dir.join(p).to_str().unwrap().to_string()
    }

    /// Makes and starts a cluster (database `postgres`, superuser `cards`, no password).
    pub fn start() -> Postgres {
        Postgres::start_with(false)
    }

    /// [`Postgres::start`], taking only TLS connections over TCP (`hostssl`; a plain one is
    /// refused), its certificate (for `localhost` and 127.0.0.1) signed by a CA made for it:
    /// the cluster and the CA's certificate (PEM).
    pub fn start_tls() -> (Postgres, PathBuf) {
        let pg = Postgres::start_with(true);
        let ca = pg.dir.join("ca.pem");
        (pg, ca)
    }

    fn start_with(tls: bool) -> Postgres {
        let bin = bin_dir();
        let root = is_root();
        let dir = super::scratch_dir("pg");
        let user = root.then_some("postgres");
        if let Some(user) = user {
            let ok = Command::new("chown")
                .args([&format!("{user}:{user}"), dir.to_str().unwrap()])
                .status()
                .is_ok_and(|s| s.success());
            assert!(
                ok,
                "cannot hand {} to the `{user}` user (the postgresql package creates it)",
                dir.display()
            );
        }
        let mut pg = Postgres {
            dir,
            bin,
            user,
            port: 0,
        };
        let data = pg.path("data");
        let out = pg.run(
            "initdb",
            &[
                "-D",
                &data,
                "-U",
                "cards",
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ],
        );
        assert!(
            out.status.success(),
            "initdb failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let mut ssl = String::new();
        if tls {
            pg.certificates();
            std::fs::write(
                pg.dir.join("data/pg_hba.conf"),
                "local all all trust\n\
                 hostssl all all 127.0.0.1/32 trust\n\
                 hostnossl all all 127.0.0.1/32 reject\n",
            )
            .unwrap();
            ssl = format!(
                " -c ssl=on -c ssl_cert_file={0}/server.pem -c ssl_key_file={0}/server.key",
                pg.dir.display()
            );
        }
        let mut last = String::new();
        for _ in 0..3 {
            pg.port = super::free_port();
            let opts = format!(
                "-c listen_addresses=127.0.0.1 -p {} -k {} -c fsync=off -c max_connections=200 \
                 -c shared_preload_libraries=pg_stat_statements{ssl}",
                pg.port,
                pg.dir.display()
            );
            let log = pg.path("log");
            let out = pg.run(
                "pg_ctl",
                &[
                    "-D", &data, "-l", &log, "-w", "-t", "30", "-o", &opts, "start",
                ],
            );
            if out.status.success() {
                return pg;
            }
            last = format!(
                "{}{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr),
                std::fs::read_to_string(pg.dir.join("log")).unwrap_or_default()
            );
        }
        panic!("the PostgreSQL server did not start: {last}");
    }

    /// A CA (`ca.pem`) and the server's key and certificate signed by it (`server.key`,
    /// `server.pem`, for `localhost` and 127.0.0.1), with `openssl`, in the cluster's folder,
    /// owned by the server's user (it refuses a key others can read).
    fn certificates(&self) {
        let openssl = |args: &[&str]| {
            let out = Command::new("timeout")
                .arg("60")
                .arg("openssl")
                .args(args)
                .current_dir(&self.dir)
                .output()
                .expect("openssl runs (Debian's openssl package)");
            assert!(
                out.status.success(),
                "openssl {args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        };
        let ec = [
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
        ];
        openssl(
            &[
                &["req", "-x509", "-days", "2", "-subj", "/CN=cards test CA"][..],
                &ec,
                &["-keyout", "ca.key", "-out", "ca.pem"],
            ]
            .concat(),
        );
        openssl(
            &[
                &["req", "-subj", "/CN=localhost"][..],
                &ec,
                &["-keyout", "server.key", "-out", "server.csr"],
            ]
            .concat(),
        );
        std::fs::write(
            self.dir.join("san.ext"),
            "subjectAltName=DNS:localhost,IP:127.0.0.1\n",
        )
        .unwrap();
        openssl(&[
            "x509",
            "-req",
            "-in",
            "server.csr",
            "-CA",
            "ca.pem",
            "-CAkey",
            "ca.key",
            "-CAcreateserial",
            "-days",
            "2",
            "-extfile",
            "san.ext",
            "-out",
            "server.pem",
        ]);
        use std::os::unix::fs::PermissionsExt;
        let key = self.dir.join("server.key");
        std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o600)).unwrap();
        if let Some(user) = self.user {
            for f in ["server.key", "server.pem", "ca.pem"] {
                let ok = Command::new("chown")
                    .args([
                        &format!("{user}:{user}"),
                        self.dir.join(f).to_str().unwrap(),
                    ])
                    .status()
                    .is_ok_and(|s| s.success());
                assert!(ok, "cannot hand {f} to the `{user}` user");
            }
        }
    }

    /// A URL of database `db` for `--database`.
    pub fn url(&self, db: &str) -> String {
        format!("postgres://cards@127.0.0.1:{}/{db}", self.port)
    }

    /// Runs SQL in database `db` with psql; its output.
    pub fn sql(&self, db: &str, sql: &str) -> String {
        let out = Command::new("timeout")
            .args(["30", self.bin.join("psql").to_str().unwrap()])
            .args(["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1"])
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                "cards",
            ])
            .args(["-d", db, "-c", sql])
            .output()
            .expect("psql runs");
        assert!(
            out.status.success(),
            "psql {sql}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// Makes a new empty database; its URL.
    pub fn database(&self, db: &str) -> String {
        self.sql("postgres", &format!("CREATE DATABASE {db}"));
        self.url(db)
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let data = self.path("data");
        let _ = self.run(
            "pg_ctl",
            &["-D", &data, "-m", "immediate", "-w", "-t", "20", "stop"],
        );
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn is_root() -> bool {
    // The effective user, as `id -u` prints it (no libc binding needed).
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}
