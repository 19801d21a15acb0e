/*
 * What Linux's /proc says about a process and a CPU: the figures a pod is billed for.
 * CPU is the WHOLE process's (every thread, user + system: the main thread, V8's GC and compiler
 * threads, libuv's pool, the driver's), not the main thread's alone.
 */
const { spawnSync } = require('node:child_process');
const { readdirSync, readFileSync, writeFileSync } = require('node:fs');

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
const ticksToMs = (ticks) => (ticks * 1000) / TICKS_PER_SECOND;

/** utime + stime of a /proc stat line, in ticks (the fields after the command's closing parenthesis). */
function statTicks(file) {
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * User + system CPU milliseconds of the whole process so far: /proc/<pid>/stat counts every thread,
 * those that have exited too. `threadsMs` is the sum over /proc/<pid>/task/* (the living threads),
 * `mainThreadMs` the main thread's alone: the rest is GC, compiler and pool threads.
 */
function processCpu(pid) {
  const tasks = readdirSync(`/proc/${pid}/task`);
  let threads = 0;
  for (const task of tasks) {
    try {
      threads += statTicks(`/proc/${pid}/task/${task}/stat`);
    } catch {
      /* the thread ended while we read */
    }
  }
  return { ms: ticksToMs(statTicks(`/proc/${pid}/stat`)), threadsMs: ticksToMs(threads), mainThreadMs: ticksToMs(statTicks(`/proc/${pid}/task/${pid}/stat`)), threads: tasks.length };
}

/** CPU milliseconds of the whole process so far (see processCpu). */
const cpuMs = (pid) => processCpu(pid).ms;

/** Busy and total ticks of one CPU so far (/proc/stat; idle and iowait count as not busy). */
function cpuTicks(cpu) {
  const line = readFileSync('/proc/stat', 'utf8').split('\n').find((l) => l.startsWith(`cpu${cpu} `));
  if (line === undefined) return null;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - values[3] - values[4], total };
}

/** A share of 1: how busy `cpu` was between two cpuTicks readings. */
const busyShare = (before, after) => (before && after && after.total > before.total ? (after.busy - before.busy) / (after.total - before.total) : null);

const statusOf = (pid) => readFileSync(`/proc/${pid}/status`, 'utf8');
const kib = (status, field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
/** Forgets the process's peak RSS so far (clear_refs 5), so the next peak is this scenario's. */
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    /* older kernels: the peak is then the process's lifetime peak */
  }
}
/** Peak RSS (VmHWM) in MiB. */
const peakMiB = (pid) => Math.round(kib(statusOf(pid), 'VmHWM') / 1024);
/** Peak RSS (VmHWM) in KiB, 0 once the process is gone. */
function peakKiB(pid) {
  try {
    return kib(statusOf(pid), 'VmHWM');
  } catch {
    return 0;
  }
}

module.exports = { processCpu, cpuMs, cpuTicks, busyShare, resetPeak, peakMiB, peakKiB, statusOf, kib };
