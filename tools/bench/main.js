#!/usr/bin/env node
/*
 * The bench's one entry: `npm run bench -- <scenario> [options]`; `npm run bench -- --help` lists
 * them. Scenarios measure Curbside against a goal (tools/bench/goals.json) and fail when one is
 * missed; probes look inside one figure (profiles, memory, GC pauses, instructions). Each runs in a
 * process of its own with the options given; the build runs first unless --no-build.
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { goalsOf } = require('./harness/goals');

/** name → [file, what it measures, whether it needs the build]. */
const SCENARIOS = {
  api: ['scenarios/api.js', 'the API against the independent baseline and the limit (it keeping verified tokens): req/s, p50/p99, process CPU per request, core busy, peak RSS; the import against raw inserts', true],
  hauler: ['scenarios/hauler.js', "a hauler's scale: --customers=N written, imported by the CLI against raw inserts, and the read mix's p50/p99", true],
  'hauler-scale': ['scenarios/hauler-scale.js', "a hauler bench's PostgreSQL database copied and its customers multiplied K times in SQL (--source, --times)", false],
  'hauler-plans': ['scenarios/hauler-plans.js', "every statement of the read mix from PostgreSQL's auto_explain (on | off | read)", false],
  notifier: ['scenarios/notifier.js', "the notifier's emails/s to a loopback SMTP sink, CPU per email, peak RSS", true],
  'notifier-fault': ['scenarios/notifier-fault.js', 'two notifiers, one killed and a private PostgreSQL cluster stopped mid-run: every delivery once, the resume time', true],
  'notice-run': ['scenarios/notice-run.js', "the daily notice run at N×K customers (a hauler database copied, --source, --times)", true],
  soak: ['scenarios/soak.js', "whether the API's memory levels off under a long mixed load (SOAK_MINUTES)", true],
};
const PROBES = {
  profile: ['probes/profile.js', "where a request's CPU goes: the API under load with --cpu-prof, summed by package and function", true],
  'process-profile': ['probes/process-profile.js', "where the whole process's CPU per request goes (every thread, user and kernel), the API and the limit under perf record, piece by piece", true],
  'fixed-cost': ['probes/fixed-cost.js', "what each piece of a request's path costs, the API and the baseline profiled over the same requests", true],
  'cpu-per-request': ['probes/cpu-per-request.js', 'CPU per request of one or more API builds against the baseline, alternating rounds (--apis, --traced)', true],
  'instructions-per-request': ['probes/instructions-per-request.js', "instructions per request under Valgrind's callgrind, whatever the machine's load", true],
  memory: ['probes/memory.js', "where a server's resident memory goes, at start and after each load phase", true],
  tails: ['probes/tails.js', 'where the p99 goes: latency percentiles beside the GC pauses of the same rounds', true],
  'same-answers': ['probes/same-answers.js', 'whether two builds answer byte for byte alike (status, headers but Date, bodies, 304s, problems, 429s, log lines, request counters) on one database (--reference)', true],
};

function help() {
  const lines = (entries) => Object.entries(entries).map(([name, [, what]]) => `  ${name.padEnd(26)}${what}${goalsOf(name).length ? ` [goals: ${goalsOf(name).length}]` : ''}`);
  return [
    'npm run bench -- <scenario> [--no-build] [options]',
    '',
    'Scenarios (judged against tools/bench/goals.json when it holds goals for them: a goal missed exits 1; hauler-scale and',
    'hauler-plans prepare and read databases for the hauler scenario):',
    ...lines(SCENARIOS),
    '',
    'Probes (figures to read, no goals):',
    ...lines(PROBES),
    '',
    'Options are each one\'s own (see the head of its file and tools/bench/README.md). BENCH_DATABASE_URL=postgres://… runs',
    'the API scenarios on PostgreSQL (an empty database of their own). Results: tools/bench/results/ (ignored by git).',
    '',
  ].join('\n');
}

function main() {
  const [name, ...rest] = process.argv.slice(2);
  if (name === undefined || name === '--help' || name === '-h') {
    process.stdout.write(help());
    return name === undefined ? 2 : 0;
  }
  const entry = SCENARIOS[name] ?? PROBES[name];
  if (entry === undefined) {
    process.stderr.write(`no scenario or probe "${name}"\n\n${help()}`);
    return 2;
  }
  const [file, , needsBuild] = entry;
  if (needsBuild && !rest.includes('--no-build')) {
    process.stderr.write('building (npm run build)\n');
    if (spawnSync('npm', ['run', 'build', '--silent'], { cwd: path.resolve(__dirname, '../..'), stdio: 'inherit' }).status !== 0) return 1;
  }
  const run = spawnSync(process.execPath, [path.join(__dirname, file), ...rest.filter((a) => a !== '--no-build')], { stdio: 'inherit' });
  return run.status ?? 1;
}

process.exitCode = main();
