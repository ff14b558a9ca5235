#!/usr/bin/env bash
# Runs every check CI runs: formatting, lints, all tests of the workspace,
# then the server's suites again on PostgreSQL, and again against two
# instances behind nginx. Installs what the tests need when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null; then
    echo "cargo is required: install Rust (https://rustup.rs)" >&2
    exit 1
fi
rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt clippy || true

# Headless Chromium and chromedriver for the browser tests (Debian packages),
# and axe-core for their accessibility checks (npm, into the target folder).
crates/server/scripts/install-browser.sh
crates/server/scripts/install-axe.sh
# A missing browser fails the browser tests instead of skipping them.
export PATIENCE_REQUIRE_BROWSER=1

# CI runs this from a clean clone, where incremental caches would only fill
# the disk (several GB for this workspace).
export CARGO_INCREMENTAL=0

echo "== cargo fmt --check"
cargo fmt --all --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings
echo "== cargo doc"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked --quiet
# A throwaway PostgreSQL cluster in a temporary folder (Debian's postgresql
# is installed when missing), nginx and sqlite3: for the tests of several
# server instances and of backups, and for the server's suites on
# PostgreSQL.
crates/server/scripts/install-tools.sh
PG="$(crates/server/scripts/start-postgres.sh)"
PG_DIR="$(echo "$PG" | sed -n 2p)"
# On a failure the cluster's last log lines go with the output: a test that
# lost its database says why only there.
trap 'status=$?; [ "$status" = 0 ] || { echo "== the PostgreSQL log, last lines" >&2; tail -n 30 "$PG_DIR/server.log" >&2 || true; }
      crates/server/scripts/stop-postgres.sh "$PG_DIR"' EXIT
export PATIENCE_TEST_POSTGRES="$(echo "$PG" | sed -n 1p)"
# A missing cluster or nginx fails those tests instead of skipping them.
export PATIENCE_REQUIRE_POSTGRES=1

echo "== cargo test"
cargo test --workspace --locked

# The server's suites again, each test on a fresh PostgreSQL database.
# `--workspace` with target names, not `-p patience-server`: one package
# alone unifies features differently and would build every dependency and
# test binary a second time, doubling the disk the run needs. (The
# solver's `hint` and `library` suites share names and run again, briefly.)
echo "== cargo test on PostgreSQL"
PATIENCE_TEST_BACKEND=postgres \
    cargo test --workspace --locked --test api --test duels --test hidden_cards --test crash \
    --test hardening --test hint --test play_words --test library

# The API, duel, hidden-card and crash suites once more against the site
# as it is deployed on several machines: two instances on one PostgreSQL
# database behind nginx, each request to either instance (round robin).
echo "== cargo test against two instances behind nginx"
PATIENCE_TEST_BACKEND=instances \
    cargo test --workspace --locked --test api --test duels --test hidden_cards --test crash
