#!/usr/bin/env bash
# The full tier of tests, exactly what CI runs: formatting, lints, the API
# docs, the front end's types, every test of the workspace (the slow ones,
# the browser tests and those that need PostgreSQL included: `#[ignore =
# "…"]` marks them out of the fast tier, `cargo nextest run --workspace`), the
# doctests, then the server's suites again on PostgreSQL and against two
# instances behind nginx.
# Installs what the tests need when it is missing; a test that still lacks
# something fails, it never skips.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null; then
    echo "cargo is required: install Rust (https://rustup.rs)" >&2
    exit 1
fi
rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt clippy || true
# The test runner: one process a test, the longest started first (see
# .config/nextest.toml).
if ! cargo nextest --version >/dev/null 2>&1; then
    cargo install cargo-nextest --locked
fi

# Headless Chromium and chromedriver for the browser tests (Debian packages),
# axe-core for their accessibility checks (npm, into the target folder),
# nginx and sqlite3; PostgreSQL comes with start-postgres.sh below.
crates/server/scripts/install-browser.sh
crates/server/scripts/install-axe.sh
crates/server/scripts/install-tools.sh

# CI runs this from a clean clone, where incremental caches would only fill
# the disk (several GB for this workspace).
export CARGO_INCREMENTAL=0

echo "== cargo fmt --check"
cargo fmt --all --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings
echo "== cargo doc"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked --quiet
echo "== the front end's types (tsc --noEmit)"
crates/server/scripts/check-js.sh

# A throwaway PostgreSQL cluster in a temporary folder, and one chromedriver
# for every browser test.
PG="$(crates/server/scripts/start-postgres.sh)"
PG_DIR="$(echo "$PG" | sed -n 2p)"
DRIVER_PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
DRIVER="$(command -v chromedriver || echo /usr/lib/chromium/chromedriver)"
"$DRIVER" --port="$DRIVER_PORT" --allowed-ips=127.0.0.1 >/dev/null 2>&1 &
DRIVER_PID=$!
# On a failure the cluster's last log lines go with the output: a test that
# lost its database says why only there.
trap 'status=$?; kill "$DRIVER_PID" 2>/dev/null || true
      [ "$status" = 0 ] || { echo "== the PostgreSQL log, last lines" >&2; tail -n 30 "$PG_DIR/server.log" >&2 || true; }
      crates/server/scripts/stop-postgres.sh "$PG_DIR"' EXIT
export PATIENCE_TEST_POSTGRES="$(echo "$PG" | sed -n 1p)"
export PATIENCE_CHROMEDRIVER="http://127.0.0.1:$DRIVER_PORT"

run_tests() {
    cargo nextest run --workspace --locked --profile full --run-ignored all "$@"
}

echo "== every test, on SQLite"
run_tests

echo "== doctests"
cargo test --workspace --locked --doc

# The server's suites again, each test on a fresh PostgreSQL database.
# Four at a time: these tests mostly wait (on PostgreSQL, on the
# instances, on the sessions another instance trusts for 2 s), so that
# two cores carry four of them.
echo "== the server's suites on PostgreSQL"
PATIENCE_TEST_BACKEND=postgres run_tests --test-threads 4 \
    -E 'package(patience-server) & binary(it) & test(/^(accounts|api|duels|hidden_cards|crash|hardening|hint|play_words|profiles|ratings|dailies|replays|library|store_appends|votes|par|words|pages)::/)'

# The API, duel, hidden-card and crash suites once more against the site
# as it is deployed on several machines: two instances on one PostgreSQL
# database behind nginx, each request to either instance (round robin).
echo "== the server's suites against two instances behind nginx"
PATIENCE_TEST_BACKEND=instances run_tests --test-threads 4 \
    -E 'package(patience-server) & binary(it) & test(/^(accounts|api|duels|hidden_cards|crash|profiles|ratings|dailies|replays)::/)'

# Accounts, ratings, the daily deal and replays in the browser again,
# served by the two instances: a session ended on one must end on the
# other.
echo "== accounts, ratings, the daily deal and replays in the browser, against two instances behind nginx"
PATIENCE_TEST_BACKEND=instances run_tests \
    -E 'package(patience-server) & binary(browser) & test(/^(accounts|ratings|daily|replays)::/)'
