/*
 * The bench's one argument parser: `--name=value` options and `--flag` switches, read from
 * process.argv wherever a scenario or probe needs them.
 */
const argv = () => process.argv.slice(2);

/** The text after `--name=` (everything after the first `=`), or `fallback`. */
function option(name, fallback) {
  const prefix = `--${name}=`;
  const found = argv().find((a) => a.startsWith(prefix));
  return found === undefined ? fallback : found.slice(prefix.length);
}

/** `option` as a number. */
const number = (name, fallback) => Number(option(name, fallback));

/** Whether `--name` was given. */
const flag = (name) => argv().includes(`--${name}`);

/** A smoke run (`--smoke` or BENCH_SMOKE=1): the least data and time that still checks every body. */
const smoke = () => flag('smoke') || process.env.BENCH_SMOKE === '1';

module.exports = { option, number, flag, smoke };
