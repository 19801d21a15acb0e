/** Exit codes of the admin CLI (documented in docs/operators.md). */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  /** The input (an import file, a status, an id) is not acceptable; nothing was changed. */
  invalidInput: 3,
  notFound: 4,
} as const;

/** An expected failure: printed as one line (plus details), never with a stack trace. */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failure,
    readonly details: string[] = [],
  ) {
    super(message);
    this.name = 'CliFailure';
  }
}
