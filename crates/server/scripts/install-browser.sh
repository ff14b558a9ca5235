#!/usr/bin/env bash
# Installs headless Chromium and chromedriver for tests/browser/games.rs when they
# are missing (Debian or Ubuntu, as root or with sudo). Safe to run again.
set -euo pipefail
if [ -x /usr/bin/chromium ] && { [ -x /usr/bin/chromedriver ] || [ -x /usr/lib/chromium/chromedriver ]; }; then
    exit 0
fi
if ! command -v apt-get >/dev/null; then
    echo "install-browser: no apt-get here; install chromium and chromedriver by hand" >&2
    exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
