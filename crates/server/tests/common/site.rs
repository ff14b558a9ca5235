//! The site a suite plays against, chosen by `PATIENCE_TEST_BACKEND`:
//!
//! - unset (or `sqlite`): one server in the test's process on an SQLite file;
//! - `postgres`: the same on a fresh PostgreSQL database;
//! - `instances`: two server processes on one fresh PostgreSQL database
//!   behind nginx, with the site configuration of `deploy/nginx-site.conf`
//!   except that requests go round robin, so that a player's requests
//!   alternate between the instances (the deployment keeps a player on one
//!   instance only to save catching up; any instance must serve any
//!   request).
//!
//! A suite written against [`Site`] runs unchanged on all three. Tests
//! that kill or signal the server ask for [`start_processes`]: the server
//! then always runs as processes of its own (one, or the two instances).

use std::time::Duration;

use patience_server::{Server, Store};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
use tokio::sync::Mutex;

use super::TestDb;

/// What the run asks the suites to play against.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
    /// Two instances on PostgreSQL behind nginx.
    Instances,
}

/// The backend `PATIENCE_TEST_BACKEND` names.
pub fn backend() -> Backend {
    match std::env::var("PATIENCE_TEST_BACKEND").as_deref() {
        Ok("postgres") => Backend::Postgres,
        Ok("instances") => Backend::Instances,
        Ok("sqlite") | Err(_) => Backend::Sqlite,
        Ok(other) => panic!("PATIENCE_TEST_BACKEND={other}: expected sqlite, postgres or instances"),
    }
}

/// Anything a player can be pointed at.
pub trait Base {
    /// `http://host:port`.
    fn base(&self) -> String;
}

impl Base for String {
    fn base(&self) -> String {
        self.clone()
    }
}

impl Base for Server {
    fn base(&self) -> String {
        self.url()
    }
}

/// A server process (`src/bin/patience-test-server.rs`): its log is read
/// (and dropped) as it comes, so that it never waits on a full pipe; its
/// clock is moved through its standard input.
pub struct Instance {
    pub child: tokio::process::Child,
    pub base: String,
    control: Mutex<Control>,
    /// Every line the process has logged.
    log: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

struct Control {
    stdin: tokio::process::ChildStdin,
    stdout: tokio::io::Lines<tokio::io::BufReader<tokio::process::ChildStdout>>,
}

impl Base for Instance {
    fn base(&self) -> String {
        self.base.clone()
    }
}

impl Instance {
    /// Starts a server process on `db`, with the default rate limits or
    /// none.
    pub async fn start(db: &TestDb, unlimited: bool) -> Instance {
        let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_patience-test-server"));
        command.arg(db.arg());
        if unlimited {
            command.arg("--no-rate-limits");
        }
        let mut child = command
            .env("RUST_LOG", "info")
            // A failed start then says why in one line, not a backtrace.
            .env("RUST_BACKTRACE", "0")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("the server process starts");
        let mut log = tokio::io::BufReader::new(child.stderr.take().unwrap()).lines();
        // What the process said before it listens, to show should it stop
        // first (a failed start logs its reason last).
        let mut said = Vec::new();
        let listening = tokio::time::timeout(Duration::from_secs(60), async {
            while let Some(line) = log.next_line().await.unwrap() {
                if let Some((_, rest)) = line.split_once("serving http://") {
                    return Some(rest.split_whitespace().next().unwrap().to_string());
                }
                said.push(line);
            }
            None
        })
        .await
        .expect("the server process listens in time");
        let Some(addr) = listening else {
            let status = child.wait().await;
            panic!("the server process stopped before it listened ({status:?}); it said:\n{}", said.join("\n"));
        };
        let kept = std::sync::Arc::new(std::sync::Mutex::new(said));
        let keeping = kept.clone();
        tokio::spawn(async move {
            while let Ok(Some(line)) = log.next_line().await {
                keeping.lock().unwrap().push(line);
            }
        });
        let control = Control {
            stdin: child.stdin.take().unwrap(),
            stdout: tokio::io::BufReader::new(child.stdout.take().unwrap()).lines(),
        };
        Instance { child, base: format!("http://{addr}"), control: Mutex::new(control), log: kept }
    }

    /// What the process has logged so far, a line each.
    pub fn log(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }

    /// Moves the process's clock forward by `ms`, and waits until it has.
    pub async fn advance_clock(&self, ms: i64) {
        let mut control = self.control.lock().await;
        control.stdin.write_all(format!("advance {ms}\n").as_bytes()).await.expect("the server reads its input");
        control.stdin.flush().await.unwrap();
        let said = tokio::time::timeout(Duration::from_secs(10), control.stdout.next_line())
            .await
            .expect("the server moves its clock in time")
            .unwrap();
        assert_eq!(said.as_deref(), Some(format!("ADVANCED {ms}").as_str()));
    }

    /// Sends SIGTERM.
    pub fn terminate(&self) {
        let pid = self.child.id().expect("the process runs").to_string();
        let sent = std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        assert!(sent.success());
    }

    /// Waits for the process to end (within 30 s); whether it exited
    /// successfully, and what it printed on standard output since.
    pub async fn ended(&mut self) -> (bool, String) {
        let status =
            tokio::time::timeout(Duration::from_secs(30), self.child.wait()).await.expect("stops in time").unwrap();
        let mut out = String::new();
        let mut control = self.control.lock().await;
        while let Ok(Some(line)) = control.stdout.next_line().await {
            out.push_str(&line);
            out.push('\n');
        }
        (status.success(), out)
    }

    /// Kills the process with SIGKILL and waits for it.
    pub async fn kill9(&mut self) {
        self.child.start_kill().unwrap();
        self.child.wait().await.unwrap();
    }
}

/// nginx in front of instances, with the site configuration in
/// `deploy/nginx-site.conf` (the one docs/DEPLOY.md shows).
pub struct Nginx {
    child: tokio::process::Child,
    dir: tempfile::TempDir,
    pub base: String,
}

impl Drop for Nginx {
    /// SIGTERM, not SIGKILL: the master process then stops its workers,
    /// which a killed master would leave running.
    fn drop(&mut self) {
        if let Some(pid) = self.child.id() {
            // SAFETY: sends a signal to the nginx master this harness started.
            unsafe { libc::kill(pid as libc::pid_t, libc::SIGTERM) };
        }
    }
}

impl Base for Nginx {
    fn base(&self) -> String {
        self.base.clone()
    }
}

/// How nginx spreads requests over the instances.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Spread {
    /// As deployed: a player's requests go to one instance while it lives.
    ByCookie,
    /// Each request to the next instance.
    RoundRobin,
}

/// Starts nginx in front of `upstreams` (base URLs).
pub async fn nginx_in_front_of(upstreams: &[String], spread: Spread) -> Nginx {
    let binary = ["/usr/sbin/nginx", "/usr/bin/nginx"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
        .expect("nginx is not installed (crates/server/scripts/install-tools.sh installs it)");
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let template = include_str!("../../deploy/nginx-site.conf");
    let servers: String = upstreams
        .iter()
        .map(|base| format!("    server {} max_fails=1 fail_timeout=5s;\n", base.trim_start_matches("http://")))
        .collect();
    let mut site = template
        .replace(
            "    server 127.0.0.1:8081 max_fails=1 fail_timeout=5s;\n    server 127.0.0.1:8082 max_fails=1 fail_timeout=5s;\n",
            &servers,
        )
        .replace("listen 127.0.0.1:8080;", &format!("listen 127.0.0.1:{port};"));
    assert!(site.contains(&servers) && site.contains(&port.to_string()), "the site template changed: {site}");
    if spread == Spread::RoundRobin {
        let sticky = "    hash $cookie_patience_id consistent;\n";
        assert!(site.contains(sticky), "the site template changed: {site}");
        site = site.replace(sticky, "");
    }
    let d = dir.path().display();
    // SAFETY: geteuid has no preconditions.
    let user = if unsafe { libc::geteuid() } == 0 { "user root;\n" } else { "" };
    let conf = format!(
        "{user}worker_processes 1;\ndaemon off;\npid {d}/nginx.pid;\nerror_log {d}/error.log;\n\
         events {{ worker_connections 1024; }}\n\
         http {{\n access_log off;\n client_body_temp_path {d}/body;\n proxy_temp_path {d}/proxy;\n\
         fastcgi_temp_path {d}/fastcgi;\n uwsgi_temp_path {d}/uwsgi;\n scgi_temp_path {d}/scgi;\n{site}\n}}\n"
    );
    std::fs::write(dir.path().join("nginx.conf"), conf).unwrap();
    let child = tokio::process::Command::new(binary)
        .args(["-p", &d.to_string(), "-c", &format!("{d}/nginx.conf"), "-e", &format!("{d}/error.log")])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("nginx starts");
    let base = format!("http://127.0.0.1:{port}");
    let nginx = Nginx { child, dir, base };
    for _ in 0..100 {
        if reqwest::get(format!("{}/healthz", nginx.base)).await.is_ok_and(|r| r.status() == 200) {
            return nginx;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let log = std::fs::read_to_string(nginx.dir.path().join("error.log")).unwrap_or_default();
    panic!("nginx did not answer: {log}");
}

/// A running site: see the module's documentation.
pub struct Site {
    pub db: TestDb,
    kind: Kind,
    /// The test's own handle on the database, opened when first asked for
    /// (the processes' stores are theirs).
    store: tokio::sync::OnceCell<std::sync::Arc<dyn Store>>,
}

enum Kind {
    InProcess(Server),
    Processes { instances: Vec<Instance>, nginx: Option<Nginx> },
}

impl Base for Site {
    fn base(&self) -> String {
        match &self.kind {
            Kind::InProcess(server) => server.url(),
            Kind::Processes { nginx: Some(nginx), .. } => nginx.base.clone(),
            Kind::Processes { instances, nginx: None } => instances[0].base.clone(),
        }
    }
}

/// Starts the site the run asks for, on `db` (from [`super::temp_db`],
/// which gives a PostgreSQL database whenever the backend needs one).
pub async fn start_site(db: &TestDb) -> Site {
    start_site_with(db, false).await
}

/// [`start_site`] with no rate limits, for tests that create hundreds of
/// players from one address.
pub async fn start_site_unlimited(db: &TestDb) -> Site {
    start_site_with(db, true).await
}

async fn start_site_with(db: &TestDb, unlimited: bool) -> Site {
    match backend() {
        Backend::Sqlite | Backend::Postgres => {
            let server =
                if unlimited { super::start_unlimited(db.clone()).await } else { super::start(db.clone()).await };
            Site { db: db.clone(), kind: Kind::InProcess(server), store: Default::default() }
        }
        Backend::Instances => two_instances_behind_nginx(db, unlimited).await,
    }
}

/// The site as processes of their own, for tests that kill or signal it:
/// one process on `db`, or the two instances behind nginx.
pub async fn start_processes(db: &TestDb) -> Site {
    match backend() {
        Backend::Sqlite | Backend::Postgres => Site {
            db: db.clone(),
            kind: Kind::Processes { instances: vec![Instance::start(db, false).await], nginx: None },
            store: Default::default(),
        },
        Backend::Instances => two_instances_behind_nginx(db, false).await,
    }
}

async fn two_instances_behind_nginx(db: &TestDb, unlimited: bool) -> Site {
    assert!(db.is_postgres(), "two instances share a PostgreSQL database");
    let (a, b) = tokio::join!(Instance::start(db, unlimited), Instance::start(db, unlimited));
    let nginx = nginx_in_front_of(&[a.base.clone(), b.base.clone()], Spread::RoundRobin).await;
    Site {
        db: db.clone(),
        kind: Kind::Processes { instances: vec![a, b], nginx: Some(nginx) },
        store: Default::default(),
    }
}

impl Site {
    /// The processes the site runs as (the instances and nginx), for a
    /// harness that keeps the site to the end of its process and stops
    /// them itself.
    pub fn process_ids(&self) -> Vec<u32> {
        match &self.kind {
            Kind::InProcess(_) => Vec::new(),
            Kind::Processes { instances, nginx } => {
                instances.iter().filter_map(|i| i.child.id()).chain(nginx.iter().filter_map(|n| n.child.id())).collect()
            }
        }
    }

    /// The server processes (none when the server runs in this process).
    pub fn instances(&mut self) -> &mut [Instance] {
        match &mut self.kind {
            Kind::InProcess(_) => &mut [],
            Kind::Processes { instances, .. } => instances,
        }
    }

    /// The base URL of one server of the site: for what each instance
    /// keeps to itself (rate limits, the cap on live streams are per
    /// instance, as docs/DEPLOY.md says).
    pub fn one_instance(&self) -> String {
        match &self.kind {
            Kind::InProcess(server) => server.url(),
            Kind::Processes { instances, .. } => instances[0].base.clone(),
        }
    }

    /// Moves the site's clock forward by `ms` (every instance's).
    pub async fn advance_clock(&self, ms: i64) {
        match &self.kind {
            Kind::InProcess(server) => server.state().advance_clock(ms),
            Kind::Processes { instances, .. } => {
                for instance in instances {
                    instance.advance_clock(ms).await;
                }
            }
        }
    }

    /// The database, as the server's own store reads it.
    pub async fn store(&self) -> &dyn Store {
        if let Kind::InProcess(server) = &self.kind {
            return server.state().store();
        }
        let store = self
            .store
            .get_or_init(|| async {
                let store: std::sync::Arc<dyn Store> = match &self.db.0 {
                    patience_server::Database::Postgres(url) => {
                        std::sync::Arc::new(patience_server::PostgresStore::open(url, 1).await.unwrap())
                    }
                    patience_server::Database::Sqlite(path) => std::sync::Arc::new(
                        patience_server::SqliteStore::open(path, patience_server::Durability::Full).await.unwrap(),
                    ),
                };
                store
            })
            .await;
        &**store
    }

    /// Stops gracefully: every instance finishes what is in flight.
    pub async fn stop(mut self) -> anyhow::Result<()> {
        if let Some(store) = self.store.take() {
            store.close().await;
        }
        match self.kind {
            Kind::InProcess(server) => server.stop().await,
            Kind::Processes { mut instances, nginx } => {
                for instance in &instances {
                    instance.terminate();
                }
                for instance in &mut instances {
                    let (ok, out) = instance.ended().await;
                    anyhow::ensure!(ok && out.contains("STOPPED CLEANLY"), "an instance did not stop cleanly: {out}");
                }
                drop(nginx);
                Ok(())
            }
        }
    }

    /// Kills every server process with SIGKILL, all at once (a power cut).
    pub async fn kill9(mut self) {
        assert!(matches!(self.kind, Kind::Processes { .. }), "a server in the test's process cannot be killed");
        for instance in self.instances() {
            instance.child.start_kill().unwrap();
        }
        for instance in self.instances() {
            instance.child.wait().await.unwrap();
        }
        if let Some(store) = self.store.take() {
            store.close().await;
        }
    }
}
