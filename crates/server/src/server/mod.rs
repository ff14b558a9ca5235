//! A running server: the database opened, the router on a listening
//! socket, and a graceful stop on SIGTERM or Ctrl-C.

mod accept;
mod idle;
mod parse_errors;

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::config::{init_logging, Config, Database};
use crate::services::Services;
use crate::store::postgres::PostgresStore;
use crate::store::sqlite::SqliteStore;
use crate::store::Store;

/// A running server.
pub struct Server {
    addr: SocketAddr,
    shutdown: oneshot::Sender<()>,
    task: JoinHandle<std::io::Result<()>>,
    store: Arc<dyn Store>,
    services: Services,
}

impl Server {
    /// The address it listens on (with the real port when 0 was asked).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The server's services (for tests: [`Services::advance_clock`], the
    /// store).
    pub fn state(&self) -> &Services {
        &self.services
    }

    /// `http://host:port`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Stops: readiness answers 503 and live streams end at once; no new
    /// connection is accepted; requests in flight finish; then the
    /// database is closed.
    pub async fn stop(self) -> anyhow::Result<()> {
        self.services.begin_stop();
        let _ = self.shutdown.send(());
        let served = self.task.await;
        self.store.close().await;
        served??;
        tracing::info!("server stopped");
        Ok(())
    }
}

/// Connections to PostgreSQL each server keeps at most.
const POSTGRES_CONNECTIONS: u32 = 8;

/// Opens the database and starts serving in the background.
pub async fn start(config: &Config) -> anyhow::Result<Server> {
    let (store, postgres): (Arc<dyn Store>, Option<PostgresStore>) = match &config.database {
        Database::Sqlite(path) => (Arc::new(SqliteStore::open(path, config.durability).await?), None),
        Database::Postgres(url) => {
            let store = PostgresStore::open(url, POSTGRES_CONNECTIONS).await?;
            (Arc::new(store.clone()), Some(store))
        }
    };
    let listener = tokio::net::TcpListener::bind((config.host, config.port))
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {}:{}: {e}", config.host, config.port))?;
    let addr = listener.local_addr()?;
    crate::services::library::seed(&*store).await?;
    let services = Services::new(store.clone(), config.services);
    if let Some(growth) = config.services.library {
        crate::services::library::start_worker(services.clone(), growth);
    }
    if let Some(ahead) = config.services.daily_ahead {
        crate::services::dailies::ahead::start_worker(services.clone(), ahead);
    }
    if let Some(postgres) = postgres {
        let feed = services.clone();
        postgres.listen_for_duel_changes(move |id| feed.duels().feed.publish(&id)).await?;
    }
    let settings = crate::http::HttpSettings::of(config)?;
    let app = crate::http::router(services.clone(), settings);
    let (shutdown, stopped) = oneshot::channel::<()>();
    let behind_proxy = config.client_address_header.is_some();
    let task = tokio::spawn(accept::serve(listener, app, config.connections, behind_proxy, stopped));
    tracing::info!(%addr, db = %config.database, durability = ?config.durability, "serving http://{addr}");
    Ok(Server { addr, shutdown, task, store, services })
}

/// Serves the site and the API until SIGTERM or Ctrl-C, then shuts down
/// gracefully.
pub async fn serve(config: Config) -> anyhow::Result<()> {
    init_logging(config.logging);
    // Caught from here on: a signal sent as soon as the site answers stops
    // it cleanly.
    let stop = shutdown_signal();
    let server = start(&config).await?;
    stop.await;
    tracing::info!("shutting down");
    server.stop().await
}

/// [`serve`] on a multi-threaded Tokio runtime of its own, for callers that
/// are not async (the `patience serve` command).
pub fn serve_blocking(config: Config) -> anyhow::Result<()> {
    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(serve(config))
}

/// Resolves on Ctrl-C or SIGTERM. The signals are caught from the call on,
/// before the future is first awaited: a server that calls this before it
/// starts stops cleanly even on a signal sent the moment it answers.
pub fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    let terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
    #[cfg(unix)]
    let interrupt = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt()).ok();
    async move {
        #[cfg(unix)]
        {
            let wait = |signal: Option<tokio::signal::unix::Signal>| async move {
                match signal {
                    Some(mut s) => {
                        s.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                _ = wait(terminate) => {},
                _ = wait(interrupt) => {},
            }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}
