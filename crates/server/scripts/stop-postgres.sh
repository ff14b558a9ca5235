#!/usr/bin/env bash
# Stops a cluster started by start-postgres.sh and removes its folder. A
# clean-up: it never fails, so that it cannot turn a passing run into a
# failed one.
DIR="$1"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
else
    "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
fi
# Should the server still run (pg_ctl gave up waiting), it is stopped for
# good: nothing may write into the folder while it is removed.
PID="$(head -n 1 "$DIR/data/postmaster.pid" 2>/dev/null || true)"
if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then
    kill -9 "$PID" 2>/dev/null || true
    for _ in $(seq 50); do
        kill -0 "$PID" 2>/dev/null || break
        sleep 0.1
    done
fi
for _ in 1 2 3; do
    rm -rf "$DIR" 2>/dev/null && exit 0
    sleep 1
done
echo "could not remove $DIR" >&2
exit 0
