#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the tests in a new temporary
# folder, as an unprivileged user (PostgreSQL refuses to run as root), on a
# free port of 127.0.0.1, installing Debian's postgresql first when it is
# missing. Prints two lines: the admin URL (the tests create a database of
# their own under it) and the folder; `stop-postgres.sh FOLDER` stops it.
set -euo pipefail

bin_dir() {
    ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}
if [ -z "$(bin_dir)" ] || [ ! -x "$(bin_dir)/initdb" ]; then
    if ! command -v apt-get >/dev/null; then
        echo "start-postgres: PostgreSQL is not installed and there is no apt-get to install it" >&2
        exit 1
    fi
    SUDO=""
    if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
fi
BIN="$(bin_dir)"

DIR="$(mktemp -d /tmp/patience-pg.XXXXXX)"
PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
as_owner() {
    if [ "$(id -u)" = 0 ]; then
        chown postgres "$DIR"
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}
as_owner "$BIN/initdb" -D "$DIR/data" -U patience -A trust --no-sync -E UTF8 >"$DIR/initdb.log" 2>&1 \
    || { cat "$DIR/initdb.log" >&2; exit 1; }
# Durable commits as in production (synchronous_commit and fsync on, the
# defaults); the socket folder is the cluster's own.
as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c max_connections=400 -c shared_buffers=128MB ${PATIENCE_PG_OPTIONS:-}" start >&2 \
    || { cat "$DIR/server.log" >&2; exit 1; }
echo "postgres://patience@127.0.0.1:$PORT/postgres"
echo "$DIR"
