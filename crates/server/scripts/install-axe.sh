#!/usr/bin/env bash
# Installs axe-core, the accessibility checker the browser tests run in the
# page (tests/browser/a11y.rs), from the npm registry into the Cargo target
# folder when it is missing: TARGET/npm/node_modules/axe-core/axe.min.js,
# where TARGET is $CARGO_TARGET_DIR or the workspace's target/ (see
# npm-package.sh). Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/../../.."
PACKAGE="$(crates/server/scripts/npm-package.sh axe-core 4.14.1 npm)"
test -f "$PACKAGE/axe.min.js"
