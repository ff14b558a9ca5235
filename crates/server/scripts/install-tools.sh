#!/usr/bin/env bash
# Installs what the server's tests run beside it when it is missing (Debian
# or Ubuntu, as root or with sudo): nginx for tests/it/instances.rs (the tests
# start their own; the system's service is stopped) and the sqlite3 shell
# for tests/it/backup.rs. PostgreSQL comes with scripts/start-postgres.sh.
# Safe to run again.
set -euo pipefail
missing=()
if [ ! -x /usr/sbin/nginx ] && [ ! -x /usr/bin/nginx ]; then missing+=(nginx); fi
if ! command -v sqlite3 >/dev/null; then missing+=(sqlite3); fi
if [ ${#missing[@]} = 0 ]; then
    exit 0
fi
if ! command -v apt-get >/dev/null; then
    echo "install-tools: no apt-get here; install ${missing[*]} by hand" >&2
    exit 1
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
# The nginx package may start a system nginx on port 80; the tests need none.
$SUDO service nginx stop >/dev/null 2>&1 || true
