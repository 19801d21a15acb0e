/** What tools/docs/cli-reference.js offers its test. */
export interface HelpEntry {
  /** The command's words after `curbside`, e.g. ['clients', 'create']; [] for the program itself. */
  words: string[];
  /** What `curbside <words> --help` prints. */
  help: string;
}
/** The built CLI's `--help` of every command and subcommand, depth first in the order the CLI lists them. */
export function collect(): Promise<HelpEntry[]>;
/** The reference section of docs/operators.md, markers included. */
export function render(entries: HelpEntry[]): string;
/** `document` with its reference section replaced by `reference`. */
export function replaceReference(document: string, reference: string): string;
/** The path of docs/operators.md. */
export const DOC: string;
