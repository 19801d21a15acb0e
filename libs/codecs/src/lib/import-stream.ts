import { createReadStream } from 'node:fs';
import Assembler from 'stream-json/Assembler';
import { parser } from 'stream-json';

// Two readers of one format, each for a reason: scannedPieces is the fast one (JSON.parse per record), importPieces (stream-json) gives the messages the CLI has always given for a bad file and reads what JSON.parse refuses (a BOM).

/** What a streamed import file is made of, in file order. */
export type ImportPiece =
  /** One record of a customer's record list. */
  | { type: 'record'; customer: number; list: string; index: number; value: unknown }
  /** A customer's other members (its record lists as `[]`), after its records. */
  | { type: 'customer'; customer: number; shell: unknown }
  /** The file's own members (its customers as `[]`), at the end. */
  | { type: 'file'; shell: unknown };

interface Token {
  name: string;
  value?: unknown;
}

/** An object whose members are kept (the file, a customer), or an array whose items are handed over one by one. */
type ObjectFrame = { shell: Record<string, unknown>; key: string; customer: number };
type ArrayFrame = { next: number; key: string; customer: number };
type Frame = (ObjectFrame & { kind: 'file' }) | (ObjectFrame & { kind: 'customer' }) | (ArrayFrame & { kind: 'customers' }) | (ArrayFrame & { kind: 'list' });

/**
 * Turns stream-json's tokens into ImportPieces: the records of `customers[i].<list>` one at a
 * time, so that only one record (and each customer's other members) is held at once.
 */
class ImportFileWalker {
  readonly pieces: ImportPiece[] = [];
  private readonly stack: Frame[] = [];
  private assembler: Assembler | null = null;
  private deliver: (value: unknown) => void = () => undefined;

  constructor(private readonly lists: ReadonlySet<string>) {}

  consume(token: Token): void {
    if (this.assembler !== null) return this.assemble(token);
    const top = this.stack.at(-1);
    if (top === undefined) {
      if (token.name === 'startObject') this.stack.push({ kind: 'file', shell: {}, key: '', customer: -1 });
      else this.startValue(token, (shell) => this.pieces.push({ type: 'file', shell }));
      return;
    }
    if (token.name === 'keyValue') {
      top.key = token.value as string;
      return;
    }
    if (token.name === 'endObject' || token.name === 'endArray') return this.close();
    this.valueIn(top, token);
  }

  private valueIn(top: Frame, token: Token): void {
    if (top.kind === 'customers') {
      const customer = top.next++;
      if (token.name === 'startObject') this.stack.push({ kind: 'customer', shell: {}, key: '', customer });
      else this.startValue(token, (shell) => this.pieces.push({ type: 'customer', customer, shell }));
    } else if (top.kind === 'list') {
      const index = top.next++;
      this.startValue(token, (value) => this.pieces.push({ type: 'record', customer: top.customer, list: top.key, index, value }));
    } else if (token.name === 'startArray' && (top.kind === 'file' ? top.key === 'customers' : this.lists.has(top.key))) {
      top.shell[top.key] = [];
      const kind = top.kind === 'file' ? 'customers' : 'list';
      this.stack.push({ kind, next: 0, key: top.key, customer: top.customer });
    } else {
      const key = top.key;
      this.startValue(token, (value) => (top.shell[key] = value));
    }
  }

  private close(): void {
    const frame = this.stack.pop();
    if (frame?.kind === 'file') this.pieces.push({ type: 'file', shell: frame.shell });
    if (frame?.kind === 'customer') this.pieces.push({ type: 'customer', customer: frame.customer, shell: frame.shell });
  }

  private startValue(token: Token, deliver: (value: unknown) => void): void {
    this.assembler = new Assembler();
    this.deliver = deliver;
    this.assemble(token);
  }

  private assemble(token: Token): void {
    const assembler = this.assembler as Assembler;
    (assembler as unknown as { consume(token: Token): void }).consume(token);
    if (!assembler.done) return;
    this.assembler = null;
    this.deliver(assembler.current);
  }
}

/** The JSON text of `file` could not be read as JSON (the message says where). */
export class NotJson extends Error {}

/** Pieces held before the file is paused until they are taken: bounds memory when writing is slower than reading. */
const PIECES_AHEAD = 1_000;

/**
 * The pieces of an import file, read as a stream: memory stays flat in the file's size. Tokens
 * are taken in stream-json's 'data' events (an async iteration per token costs more than the
 * parsing) and handed over as pieces. File errors (ENOENT, EACCES) are thrown as they are; a
 * syntax error as NotJson.
 */
export async function* importPieces(file: string, lists: ReadonlySet<string>): AsyncGenerator<ImportPiece> {
  const walker = new ImportFileWalker(lists);
  const tokens = parser({ packValues: true, streamValues: false });
  const source = createReadStream(file);
  let failure: Error | null = null;
  let ended = false;
  let wake: (() => void) | null = null;
  const signal = () => wake?.();
  source.on('error', (error) => tokens.destroy(error));
  tokens.on('data', (token: Token) => {
    walker.consume(token);
    if (walker.pieces.length >= PIECES_AHEAD) {
      tokens.pause();
      signal();
    }
  });
  tokens.on('end', () => ((ended = true), signal()));
  tokens.on('error', (error) => ((failure = error), source.destroy(), signal()));
  source.pipe(tokens);
  try {
    yield* drain();
  } finally {
    source.destroy();
    tokens.destroy();
  }

  async function* drain(): AsyncGenerator<ImportPiece> {
    for (;;) {
      const pieces = walker.pieces.splice(0);
      if (pieces.length > 0) {
        if (!ended && failure === null) tokens.resume();
        yield* pieces;
      } else if (failure !== null) {
        throw (failure as NodeJS.ErrnoException).code === undefined ? new NotJson((failure as Error).message) : failure;
      } else if (ended) {
        return;
      } else {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
    }
  }
}

/** What may come next in a scanned object or array: `open` just after its bracket, `item` after a comma, `colon` after a key, `value` after a colon, `close` after a value. */
type Expect = 'open' | 'item' | 'colon' | 'value' | 'close';

type ScanObject = { expect: Expect; key: string; customer: number; shell: Record<string, unknown> };
type ScanArray = { expect: Expect; key: string; customer: number; next: number };
type ScanFrame = (ScanObject & { kind: 'file' }) | (ScanObject & { kind: 'customer' }) | (ScanArray & { kind: 'customers' }) | (ScanArray & { kind: 'list' });

/** The scan met something it does not follow (not JSON, or cut short): importPieces reads the file instead, and says what is wrong. */
export class NotScanned extends Error {}

/**
 * The pieces importPieces gives, found by a plain scan: each record's text is cut out and given
 * to JSON.parse (stream-json's token by token parse costs several times more). The scan checks
 * the JSON grammar between the values it cuts out and JSON.parse checks those values, so a file
 * importPieces cannot read is never taken; anything the scan does not follow throws NotScanned.
 */
export async function* scannedPieces(file: string, lists: ReadonlySet<string>): AsyncGenerator<ImportPiece> {
  const scanner = new ImportFileScanner(lists);
  let text = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: SCAN_CHUNK })) {
    text += chunk as string;
    text = text.slice(scanner.scan(text));
    yield* scanner.pieces.splice(0);
  }
  if (!scanner.ended || text !== '') throw new NotScanned(`${file} ends before its JSON does`);
}

/**
 * Bytes read at a time by the scan. A chunk's records are parsed before the first is checked, so
 * they live as long as the chunk does: with 1 MiB, many outlived a young-generation GC and were
 * copied to the old one (pass 1 of a 10,000-customer import: 626 ms of scavenges; 244 with 64 KiB).
 */
const SCAN_CHUNK = 1 << 16;

/** Turns the text of an import file, in complete values, into the pieces ImportFileWalker gives. */
class ImportFileScanner {
  readonly pieces: ImportPiece[] = [];
  /** Whether the file's value is complete: only whitespace may follow. */
  ended = false;
  private readonly stack: ScanFrame[] = [];

  constructor(private readonly lists: ReadonlySet<string>) {}

  /** Scans `text` as far as its complete values go, adding pieces; returns where the incomplete rest starts. */
  scan(text: string): number {
    let at = 0;
    for (;;) {
      while (at < text.length && isJsonWhitespace(text.charCodeAt(at))) at++;
      if (at === text.length) return at;
      if (this.ended) throw new NotScanned('text after the end of the JSON value');
      const next = this.step(text, at);
      if (next < 0) return at;
      at = next;
    }
  }

  /** Takes what starts at `at` (not whitespace); returns where it ends, or -1 when `text` stops before it does. */
  private step(text: string, at: number): number {
    const top = this.stack.at(-1);
    const char = text[at];
    if (top === undefined) return this.value(text, at, top);
    const closer = top.kind === 'file' || top.kind === 'customer' ? '}' : ']';
    if ((top.expect === 'open' || top.expect === 'close') && char === closer) return this.close(at);
    if (top.expect === 'close' && char === ',') return (top.expect = 'item'), at + 1;
    if (top.expect === 'colon' && char === ':') return (top.expect = 'value'), at + 1;
    if (top.expect === 'close' || top.expect === 'colon') throw new NotScanned(`unexpected ${char}`);
    if (closer === '}' && top.expect !== 'value') return this.key(text, at, top);
    return this.value(text, at, top);
  }

  private key(text: string, at: number, top: ScanFrame): number {
    if (text[at] !== '"') throw new NotScanned('expected an object key');
    const end = valueEnd(text, at);
    if (end < 0) return end;
    top.key = parsed(text.slice(at, end)) as string;
    top.expect = 'colon';
    return end;
  }

  /** A value in `top`: a frame opened, or a value taken whole and handed over as ImportFileWalker does. */
  private value(text: string, at: number, top: ScanFrame | undefined): number {
    const frame = openedFrame(top, text[at], this.lists);
    if (frame?.kind === 'list') {
      const end = this.wholeList(text, at, frame);
      if (end >= 0) {
        (top as ScanObject).shell[frame.key] = [];
        (top as ScanObject).expect = 'close';
        return end;
      }
    }
    const end = frame === null ? valueEnd(text, at) : at + 1;
    if (end < 0) return end;
    if (frame === null) this.handOver(top, parsed(text.slice(at, end)));
    else {
      if (top?.kind === 'file' || top?.kind === 'customer') top.shell[top.key] = [];
      this.stack.push(frame);
    }
    if (top !== undefined) top.expect = 'close';
    return end;
  }

  /**
   * A record list whose text is all in `text`, parsed in one go and handed over record by record;
   * returns where it ends, or -1 when it goes on past `text` (then its frame is opened and its
   * records are taken as they come, so that a list of any length needs no more than a chunk).
   */
  private wholeList(text: string, at: number, list: ScanArray & { kind: 'list' }): number {
    const end = valueEnd(text, at);
    if (end < 0) return end;
    for (const value of parsed(text.slice(at, end)) as unknown[]) this.handOver(list, value);
    return end;
  }

  private handOver(top: ScanFrame | undefined, value: unknown): void {
    if (top === undefined) this.end({ type: 'file', shell: value });
    else if (top.kind === 'file' || top.kind === 'customer') top.shell[top.key] = value;
    else if (top.kind === 'customers') this.pieces.push({ type: 'customer', customer: top.next++, shell: value });
    else this.pieces.push({ type: 'record', customer: top.customer, list: top.key, index: top.next++, value });
  }

  private close(at: number): number {
    const frame = this.stack.pop() as ScanFrame;
    if (frame.kind === 'file') this.end({ type: 'file', shell: frame.shell });
    if (frame.kind === 'customer') this.pieces.push({ type: 'customer', customer: frame.customer, shell: frame.shell });
    return at + 1;
  }

  private end(piece: ImportPiece): void {
    this.pieces.push(piece);
    this.ended = true;
  }
}

const isJsonWhitespace = (code: number): boolean => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new NotScanned((error as Error).message);
  }
}

/** The frame a value starting with `char` opens (the file, its customers, a customer, a record list), or null when it is taken whole. */
function openedFrame(top: ScanFrame | undefined, char: string, lists: ReadonlySet<string>): ScanFrame | null {
  if (char === '{') {
    if (top === undefined) return { kind: 'file', expect: 'open', key: '', customer: -1, shell: {} };
    if (top.kind === 'customers') return { kind: 'customer', expect: 'open', key: '', customer: top.next++, shell: {} };
  } else if (char === '[' && top !== undefined) {
    if (top.kind === 'customer' && lists.has(top.key)) return { kind: 'list', expect: 'open', key: top.key, customer: top.customer, next: 0 };
    if (top.kind === 'file' && top.key === 'customers') return { kind: 'customers', expect: 'open', key: 'customers', customer: top.customer, next: 0 };
  }
  return null;
}

/** Where the JSON value starting at `start` ends, or -1 when `text` stops before it does. */
function valueEnd(text: string, start: number): number {
  let depth = 0;
  for (let at = start; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x22) {
      at = stringEnd(text, at) - 1;
      if (at < 0) return -1;
    } else if (code === 0x7b || code === 0x5b) depth++;
    else if (code === 0x7d || code === 0x5d || code === 0x2c || code <= 0x20) {
      if (depth === 0) return at;
      if (code === 0x7d || code === 0x5d) depth--;
    }
    if (depth === 0 && (code === 0x22 || code === 0x7d || code === 0x5d)) return at + 1;
  }
  return -1;
}

/** Where the string whose opening quote is at `start` ends (after its closing quote); 0 when `text` stops before. */
function stringEnd(text: string, start: number): number {
  for (let at = text.indexOf('"', start + 1); at >= 0; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text[at - 1 - backslashes] === '\\') backslashes++;
    if (backslashes % 2 === 0) return at + 1;
  }
  return 0;
}
