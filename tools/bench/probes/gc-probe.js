/*
 * Preloaded into a server by tails.js (`node --require tools/bench/probes/gc-probe.js <server>`): every garbage
 * collection's main-thread pause, from perf_hooks' `gc` entries (kind, start, duration in ms). On SIGUSR2
 * it writes the pauses recorded since the last signal to GC_PROBE_FILE and forgets them, so each load
 * phase reads its own.
 */
const { PerformanceObserver, constants } = require('node:perf_hooks');
const { writeFileSync } = require('node:fs');

const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

let pauses = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) pauses.push({ kind: KINDS[entry.detail?.kind] ?? String(entry.detail?.kind), ms: entry.duration });
}).observe({ entryTypes: ['gc'] });

process.on('SIGUSR2', () => {
  writeFileSync(process.env.GC_PROBE_FILE, JSON.stringify(pauses));
  pauses = [];
});
