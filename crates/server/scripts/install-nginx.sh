#!/usr/bin/env bash
# Installs nginx for tests/instances.rs when it is missing (Debian or
# Ubuntu, as root or with sudo); the tests start their own nginx, so the
# system's service is stopped and kept from starting. Safe to run again.
set -euo pipefail
if [ -x /usr/sbin/nginx ] || [ -x /usr/bin/nginx ]; then
    exit 0
fi
if ! command -v apt-get >/dev/null; then
    echo "install-nginx: no apt-get here; install nginx by hand" >&2
    exit 1
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx >/dev/null
# The package may start a system nginx on port 80; the tests need none.
$SUDO service nginx stop >/dev/null 2>&1 || true
