/*
 * Preloaded into a server by memory.js (`node --require tools/bench/probes/memory-probe.js <server>`): what its memory
 * holds. While modules load it charges each module's growth of RSS and of the V8 heap (used bytes) to the
 * package the module belongs to, its own growth only (a module's requires are charged to theirs). On SIGUSR2
 * it writes a snapshot to MEMORY_PROBE_FILE: `process.memoryUsage()`, V8's heap spaces, the resident memory by
 * mapping (/proc/self/smaps: the V8 heap and malloc are anonymous, code is the node binary's and the addons'
 * mappings) and the modules' charges. GC runs between the loads unnoticed, so one package's heap figure is
 * approximate; with --expose-gc and MEMORY_PROBE_EXACT=1 a full GC runs before each reading (slow: a minute
 * for the API's start) and the heap figures are what each package leaves live.
 */
const Module = require('node:module');
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const v8 = require('node:v8');

const charges = new Map(); // package -> { modules, rssBytes, heapBytes }
const loading = []; // the modules being loaded, innermost last: { rss, heap, childRss, childHeap }
const exact = process.env.MEMORY_PROBE_EXACT === '1' && globalThis.gc !== undefined;
/** The V8 heap's used bytes: after a full GC (what is live) in the exact mode. */
function heapUsed() {
  if (exact) globalThis.gc();
  return v8.getHeapStatistics().used_heap_size;
}

/** The package a file belongs to: `node_modules/<pkg>` or `@scope/pkg`, our `libs/<lib>` or `dist/apps/<app>`, or `node:` built-ins. */
function packageOf(filename) {
  if (filename === undefined) return 'node: built-ins';
  const inModules = filename.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  if (inModules >= 0) {
    const [first, second] = filename.slice(inModules + 14).split(path.sep);
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  const ours = /(libs|apps)[\\/]([^\\/]+)/.exec(filename);
  return ours ? `${ours[1]}/${ours[2]}` : path.basename(filename);
}

const originalLoad = Module._load;
Module._load = function load(request, parent, isMain) {
  let filename;
  try {
    filename = Module._resolveFilename(request, parent, isMain);
  } catch {
    return originalLoad.apply(this, arguments);
  }
  const loadedOrBuiltIn = Module._cache[filename] !== undefined || !path.isAbsolute(filename);
  if (loadedOrBuiltIn) return originalLoad.apply(this, arguments);
  const frame = { rss: process.memoryUsage.rss(), heap: heapUsed(), childRss: 0, childHeap: 0 };
  loading.push(frame);
  try {
    return originalLoad.apply(this, arguments);
  } finally {
    loading.pop();
    const rss = process.memoryUsage.rss() - frame.rss;
    const heap = heapUsed() - frame.heap;
    const charge = charges.get(packageOf(filename)) ?? { modules: 0, rssBytes: 0, heapBytes: 0 };
    charge.modules += 1;
    charge.rssBytes += rss - frame.childRss;
    charge.heapBytes += heap - frame.childHeap;
    charges.set(packageOf(filename), charge);
    const parentFrame = loading.at(-1);
    if (parentFrame !== undefined) {
      parentFrame.childRss += rss;
      parentFrame.childHeap += heap;
    }
  }
};

/** Resident KiB by kind of mapping: the node binary, each addon (.node) and shared library, the rest by name. */
function residentByMapping() {
  const totals = {};
  let kind = null;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const name = header[1];
      kind = name === '' ? 'anonymous (V8 heap, malloc arenas, thread stacks)' : name.startsWith('/') ? path.basename(name) : name;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && kind !== null) totals[kind] = (totals[kind] ?? 0) + Number(rss[1]);
  }
  return totals;
}

function snapshot() {
  return {
    memoryUsage: process.memoryUsage(),
    heap: v8.getHeapStatistics(),
    heapSpaces: v8.getHeapSpaceStatistics(),
    mappingsKiB: residentByMapping(),
    modules: Object.fromEntries([...charges].sort((a, b) => b[1].rssBytes - a[1].rssBytes)),
    moduleCount: Object.keys(Module._cache).length,
  };
}

process.on('SIGUSR2', () => {
  const before = snapshot();
  // With --expose-gc, also what is live: the same snapshot after a full GC.
  const live = globalThis.gc === undefined ? undefined : (globalThis.gc(), snapshot());
  writeFileSync(process.env.MEMORY_PROBE_FILE, JSON.stringify({ ...before, live }));
});
