/** Where commands write: results to stdout (JSON with --json), progress and problems to stderr. */
export const output = {
  json(value: unknown): void {
    process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  },
  line(text = ''): void {
    process.stdout.write(`${text}\n`);
  },
  table(rows: Array<Record<string, string>>): void {
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0]);
    const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => row[column].length)));
    const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd();
    output.line(format(columns));
    for (const row of rows) output.line(format(columns.map((column) => row[column])));
  },
  problem(text: string): void {
    process.stderr.write(`${text}\n`);
  },
};
