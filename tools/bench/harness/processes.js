/*
 * The processes a bench runs: servers pinned to CPU 0 and the load (this process) to CPU 1 with
 * taskset, started and awaited on /health/ready, the CLI, and timed one-off runs.
 */
const { spawn, spawnSync } = require('node:child_process');
const { readFileSync, rmSync } = require('node:fs');
const { cpus } = require('node:os');
const path = require('node:path');
const { freePort, listensOn } = require('./ports');
const { peakKiB } = require('./proc');
const { note } = require('./report');

const root = path.resolve(__dirname, '../../..');
/** The CPU the servers run on; the load runs on the other. */
const SERVER_CPU = 0;

/** `taskset -c <cpu>` when the machine has it and two CPUs; otherwise nothing (with a note). */
function pinning() {
  const available = spawnSync('taskset', ['-V']).status === 0;
  if (!available || cpus().length < 2) {
    note(`servers and load are not pinned (${available ? 'one CPU' : 'taskset is missing'}): they share the CPUs`);
    return () => [];
  }
  spawnSync('taskset', ['-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
  return (cpu) => ['taskset', '-c', String(cpu)];
}

/** node `args`, pinned to `cpu` (taskset execs node: the child's pid is node's). */
function spawnPinned(pin, cpu, args, env) {
  const [command, ...rest] = [...pin(cpu), process.execPath, ...args];
  return spawn(command, rest, { env, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The built admin CLI's JSON answer. */
function cli(env, ...args) {
  const result = spawnSync(process.execPath, [path.join(root, 'dist/apps/admin-cli/main.js'), ...args], { env, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (result.status !== 0) throw new Error(`cli ${args.join(' ')}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** Starts of a server before it counts as failed: a port picked ahead can be taken before the server binds it. */
const STARTS = 3;

/**
 * A server started on CPU 0 and answering /health/ready on `env.PORT` as the process listening there. When another
 * program took the port first (the server then exits, or another server answers for it), it is started again on a
 * port picked anew: npm test runs the smoke beside suites that start servers of their own.
 */
async function startServer(name, pin, script, env, nodeOptions = []) {
  let port = Number(env.PORT);
  for (let start = 1; start <= STARTS; start++) {
    const child = spawnPinned(pin, SERVER_CPU, [...nodeOptions, script], { ...env, PORT: String(port) });
    const url = `http://127.0.0.1:${port}`;
    if (await ready(child, url, port)) return { name, child, url };
    child.kill();
    note(`${name} did not start on port ${port}${start < STARTS ? '; started again on another' : ''}`);
    port = await freePort();
  }
  throw new Error(`${name} did not start`);
}

/** Whether `child` answers /health/ready at `url` and is the one listening on `port` (a minute at most). */
async function ready(child, url, port) {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    const answered = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
    if (answered && listensOn(child.pid, port)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** What a probe preloaded into a server (probes/memory-probe.js, probes/gc-probe.js) writes to `file` when sent SIGUSR2, parsed. */
async function probeReport(server, file) {
  rmSync(file, { force: true });
  server.child.kill('SIGUSR2');
  for (let i = 0; i < 200; i++) {
    await new Promise((r) => setTimeout(r, 25));
    try {
      return JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      /* not written yet */
    }
  }
  throw new Error(`${server.name}: no report from its probe`);
}

/** Runs `args` through node, pinned to CPU 0; wall time and the peak RSS seen in /proc (polled). */
function timed(pin, args, env) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawnPinned(pin, SERVER_CPU, args, env);
    let peak = 0;
    const poll = setInterval(() => (peak = Math.max(peak, peakKiB(child.pid))), 20);
    child.on('exit', (code) => {
      clearInterval(poll);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) reject(new Error(`${args.join(' ')} exited with ${code}`));
      else resolve({ seconds, peakRssMiB: Math.round(peak / 1024) });
    });
  });
}

module.exports = { root, SERVER_CPU, pinning, spawnPinned, cli, startServer, probeReport, timed };
