/*
 * The bench's goals (tools/bench/goals.json), judged: each goal names a scenario, the rows it holds
 * to (text the row's name contains; "" for every row), a figure and a bound. A scenario hands its
 * measured figures here; every goal missed is named and the exit code set to 1. A smoke run is no
 * measurement: its figures are shown against the goals but nothing fails.
 */
const goals = require('../goals.json');
const { table, progress } = require('./report');

/** The goals of one scenario (an empty list when goals.json holds none). */
const goalsOf = (scenario) => goals.scenarios[scenario]?.goals ?? [];

const meets = (goal, value) => (goal.min !== undefined ? value >= goal.min : value <= goal.max);
const bound = (goal) => (goal.min !== undefined ? `≥ ${goal.min}` : `≤ ${goal.max}`);

/**
 * `measured`: [{ row, figure, value }]. Prints a table of every goal against what was measured and
 * returns the goals missed; sets process.exitCode = 1 when one is (not in a smoke run).
 */
function judge(scenario, measured, { smoke = false } = {}) {
  const lines = [];
  const missed = [];
  for (const goal of goalsOf(scenario)) {
    const values = measured.filter((m) => m.figure === goal.figure && m.row.includes(goal.row) && !(goal.except ?? []).some((text) => m.row.includes(text)) && m.value !== null && m.value !== undefined);
    if (values.length === 0) {
      lines.push([goal.name, bound(goal), 'not measured in this run', '']);
      continue;
    }
    for (const { row, value } of values) {
      const ok = meets(goal, value);
      if (!ok) missed.push({ goal: goal.name, row, value, bound: bound(goal) });
      lines.push([goal.name, bound(goal), `${row}: ${value}`, ok ? 'met' : '**MISSED**']);
    }
  }
  if (lines.length === 0) {
    progress(`goals: tools/bench/goals.json holds none for "${scenario}"`);
    return [];
  }
  const text = `\nGoals (tools/bench/goals.json, "${scenario}")${smoke ? ', SMOKE: shown, not judged' : ''}:\n\n${table(['goal', 'bound', 'measured', ''], lines)}\n`;
  process.stdout.write(text);
  if (missed.length > 0 && !smoke) {
    process.stderr.write(`goals missed (${missed.length}):\n${missed.map((m) => `  ${m.goal}: ${m.row} ${m.value} (${m.bound})`).join('\n')}\n`);
    process.exitCode = 1;
  }
  return missed;
}

module.exports = { goals, goalsOf, judge };
