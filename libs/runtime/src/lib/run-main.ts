export interface RunMainOptions {
  /** The exit code for a failure to start; default 1. */
  exitCodeOf?: (error: unknown) => number;
}

/**
 * Runs a process's `bootstrap`; a failure to start (bad configuration, unreachable database)
 * becomes one line on stderr, `<name>: cannot start: <reason>`, and an exit code: never a
 * stack trace. Resolves once `bootstrap` has: what runs the process in its own (`npm start`) waits on it.
 */
export function runMain(name: string, bootstrap: () => Promise<void>, { exitCodeOf = () => 1 }: RunMainOptions = {}): Promise<void> {
  return bootstrap().catch((error: unknown) => {
    process.stderr.write(`${name}: cannot start: ${oneLine(error)}\n`);
    process.exit(exitCodeOf(error));
  });
}

export function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').trim();
}
