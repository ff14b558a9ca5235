//! Runs the server by itself, for development until the `patience serve`
//! command exists: `cargo run -p patience-server --example serve -- [PORT] [DB]`.

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let mut config = patience_server::Config::default();
    if let Some(port) = args.next() {
        config.port = port.parse().map_err(|_| anyhow::anyhow!("`{port}` is not a port number"))?;
    }
    if let Some(db) = args.next() {
        config.db_path = db.into();
    }
    patience_server::serve(config).await
}
