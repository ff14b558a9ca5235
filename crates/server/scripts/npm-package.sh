#!/usr/bin/env bash
# Installs one npm package at a pinned version into a folder of the Cargo
# target folder when it is missing, installing Debian's npm first when
# there is none; prints the package's folder
# (TARGET/FOLDER/node_modules/NAME, where TARGET is $CARGO_TARGET_DIR or the
# workspace's target/, relative to the workspace). Safe to run again: it
# does nothing once that version is there.
#
# Usage: npm-package.sh NAME VERSION FOLDER
set -euo pipefail
cd "$(dirname "$0")/../../.."
NAME="$1"
VERSION="$2"
DIR="${CARGO_TARGET_DIR:-target}/$3"
PACKAGE="$DIR/node_modules/$NAME"
if [ -f "$PACKAGE/package.json" ] && grep -q "\"version\": \"$VERSION\"" "$PACKAGE/package.json"; then
    echo "$PACKAGE"
    exit 0
fi
if ! command -v npm >/dev/null; then
    if command -v apt-get >/dev/null; then
        SUDO=""
        if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
        $SUDO apt-get update -qq >&2
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq npm >/dev/null
    else
        echo "npm-package: npm is missing; install Node.js and npm" >&2
        exit 1
    fi
fi
mkdir -p "$DIR"
# Each package in a folder of its own: an install without saving into a
# shared folder can remove the packages installed there before.
npm install --silent --no-audit --no-fund --no-save --prefix "$DIR" "$NAME@$VERSION" >&2
test -f "$PACKAGE/package.json"
echo "$PACKAGE"
