#!/usr/bin/env bash
# Stops a cluster started by start-postgres.sh and removes its folder.
set -euo pipefail
DIR="$1"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
else
    "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
fi
rm -rf "$DIR"
