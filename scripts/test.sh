#!/usr/bin/env bash
# Runs every check CI runs: formatting, lints, then all tests of the
# workspace. Installs what the tests need when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null; then
    echo "cargo is required: install Rust (https://rustup.rs)" >&2
    exit 1
fi
rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt clippy || true

# Headless Chromium and chromedriver for the browser tests (Debian packages).
crates/server/scripts/install-browser.sh
# A missing browser fails the browser tests instead of skipping them.
export PATIENCE_REQUIRE_BROWSER=1

echo "== cargo fmt --check"
cargo fmt --all --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings
echo "== cargo test"
cargo test --workspace --locked
