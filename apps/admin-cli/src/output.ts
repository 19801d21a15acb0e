/** A stream the CLI writes text to. */
export interface TextSink {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

/** The CLI's stdout and stderr. */
export interface OutputSinks {
  stdout: TextSink;
  stderr: TextSink;
}

/** The process's own streams, unless a test runs commands in its own process (`writeOutputTo`). */
let sinks: OutputSinks = process;

/** Sends what the CLI writes to `to` from now on; returns where it went before. */
export function writeOutputTo(to: OutputSinks): OutputSinks {
  const previous = sinks;
  sinks = to;
  return previous;
}

/** Where commands write: results to stdout (JSON with --json), progress and problems to stderr. */
export const output = {
  json(value: unknown): void {
    sinks.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  },
  /**
   * Writes `shape` with its member `list` made of `items`, exactly as `json` would, the items as
   * they come: a list of a million entries is never held (`shape[list]` only gives its place).
   */
  async jsonStreamed(shape: Record<string, unknown>, list: string, items: AsyncIterable<unknown>): Promise<void> {
    const placeholder = '\u0000items';
    const [head, tail] = JSON.stringify({ ...shape, [list]: placeholder }, null, 2).split(JSON.stringify(placeholder));
    const out = new BufferedStdout();
    out.write(`${head}[`);
    let first = true;
    for await (const item of items) {
      out.write(`${first ? '' : ','}\n    ${JSON.stringify(item, null, 2).replaceAll('\n', '\n    ')}`);
      first = false;
    }
    out.write(`${first ? '' : '\n  '}]${tail}\n`);
    out.flush();
  },
  line(text = ''): void {
    sinks.stdout.write(`${text}\n`);
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
    sinks.stderr.write(`${text}\n`);
  },
  /** `text` as it is: commander's help and usage errors. */
  raw(stream: keyof OutputSinks, text: string): void {
    sinks[stream].write(text);
  },
  /** Whether `stream` is a terminal (a progress bar then shows). */
  isTerminal(stream: keyof OutputSinks): boolean {
    return sinks[stream].isTTY === true;
  },
};

/** stdout in pieces of about 64 KiB: one write per piece rather than per item. */
class BufferedStdout {
  private pending = '';

  write(text: string): void {
    this.pending += text;
    if (this.pending.length >= 1 << 16) this.flush();
  }

  flush(): void {
    if (this.pending !== '') sinks.stdout.write(this.pending);
    this.pending = '';
  }
}
