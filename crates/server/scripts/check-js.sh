#!/usr/bin/env bash
# Type-checks the front end (static/*.js, each file `// @ts-check`, types in
# JSDoc) with TypeScript's compiler and crates/server/tsconfig.json, emitting
# nothing: the pages are served as they are written, with no build step.
# Then checks that static/fluent-bundle.js is Fluent's runtime as npm
# publishes it.
# TypeScript comes from the npm registry, into the Cargo target folder
# (TARGET/npm-tsc, see npm-package.sh). Fails with the compiler's messages
# on any error.
set -euo pipefail
cd "$(dirname "$0")/../../.."
VERSION=5.9.3
PACKAGE="$(crates/server/scripts/npm-package.sh typescript "$VERSION" npm-tsc)"
if ! out="$(node "$PACKAGE/bin/tsc" -p crates/server/tsconfig.json --noEmit --pretty false 2>&1)"; then
    echo "$out" >&2
    echo "check-js: the front end's types do not check (crates/server/static/*.js)" >&2
    exit 1
fi
echo "check-js: crates/server/static/*.js type-check with TypeScript $VERSION"

# Fluent's runtime is served as npm publishes it: the copy in static/ must
# be that file, byte for byte.
FLUENT=0.19.1
BUNDLE="$(crates/server/scripts/npm-package.sh @fluent/bundle "$FLUENT" npm-fluent)"
if ! cmp -s "$BUNDLE/index.js" crates/server/static/fluent-bundle.js; then
    echo "check-js: static/fluent-bundle.js is not @fluent/bundle $FLUENT's index.js" >&2
    exit 1
fi
echo "check-js: static/fluent-bundle.js is @fluent/bundle $FLUENT as published"
