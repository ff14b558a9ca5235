#!/usr/bin/env bash
# Installs axe-core, the accessibility checker the browser tests run in the
# page (tests/browser/a11y.rs), from the npm registry into the Cargo target
# folder when it is missing: TARGET/npm/node_modules/axe-core/axe.min.js,
# where TARGET is $CARGO_TARGET_DIR or the workspace's target/. Needs node's
# npm (Debian: apt-get install -y npm). Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/../../.."
VERSION=4.14.1
TARGET="${CARGO_TARGET_DIR:-target}"
DIR="$TARGET/npm"
if [ -f "$DIR/node_modules/axe-core/axe.min.js" ] && grep -q "\"version\": \"$VERSION\"" "$DIR/node_modules/axe-core/package.json"; then
    exit 0
fi
if ! command -v npm >/dev/null; then
    if command -v apt-get >/dev/null; then
        SUDO=""
        if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
        $SUDO apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq npm >/dev/null
    else
        echo "install-axe: npm is missing; install Node.js and npm" >&2
        exit 1
    fi
fi
mkdir -p "$DIR"
npm install --silent --no-audit --no-fund --no-save --prefix "$DIR" "axe-core@$VERSION"
test -f "$DIR/node_modules/axe-core/axe.min.js"
