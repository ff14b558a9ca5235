//! `patience serve` through the binary, as the README starts it: it serves
//! the site and the API, creates its database, and stops cleanly on SIGTERM.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

/// One plain HTTP/1.1 GET, returning the whole response.
fn get(addr: &str, path: &str) -> String {
    let mut stream = TcpStream::connect(addr).expect("the server accepts connections");
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

#[test]
fn serve_starts_the_site_on_a_new_database_and_stops_on_sigterm() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-test");
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.join("data").join("patience.db");
    let mut child = Command::new(env!("CARGO_BIN_EXE_patience"))
        .args(["serve", "--port", "0", "--db"])
        .arg(&db)
        .env("RUST_LOG", "info")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first log line names the address (port 0 picks a free one).
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut addr = None;
    for _ in 0..20 {
        let mut line = String::new();
        if stderr.read_line(&mut line).unwrap() == 0 {
            break;
        }
        if let Some(rest) = line.split("serving http://").nth(1) {
            addr = rest.split_whitespace().next().map(str::to_string);
            break;
        }
    }
    let addr = addr.expect("serve logs the address it listens on");
    let home = get(&addr, "/");
    assert!(home.starts_with("HTTP/1.1 200"), "{home}");
    assert!(home.contains("Play patience"), "{home}");
    let rules = get(&addr, "/api/rules");
    assert!(rules.contains("\"grosse-harfe/8-columns\""), "{rules}");
    assert!(db.exists(), "the database file is created on first start");

    let status = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let exit = child.wait().unwrap();
    assert!(exit.success(), "serve exits cleanly on SIGTERM: {exit:?}");
}
