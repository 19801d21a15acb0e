import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the SMTP sink accepted. */
export interface ReceivedMail {
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Each header by its lower-case name, as received (a repeated one: the first). */
  headers: Record<string, string>;
  /** The message exactly as received (headers and body): what a DKIM verifier reads. */
  raw: string;
  receivedAt: number;
}

/** One try the sink saw (accepted or refused), in order. */
export interface SmtpTry {
  to: string[];
  messageId: string;
  at: number;
  code: number;
}

/** Decides the answer to one message: an SMTP code to refuse it with, or null to accept. */
export type SmtpRule = (mail: { to: string[]; messageId: string; tries: number }) => number | null;

/** Decides the answer to one RCPT TO: an SMTP code to refuse the recipient with, or null to accept. */
export type RecipientRule = (address: string) => number | null;

/** Where a stalling server goes quiet: before its greeting, or after a message's data (no answer to DATA). */
export type SmtpStall = 'greeting' | 'data';

/** A message the sink took in while stalling and never answered: from its data's end until the client hung up. */
export interface StalledMessage {
  to: string[];
  messageId: string;
  since: number;
  /** When the client closed the connection (gave up); null while it still waits. */
  until: number | null;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  tries: SmtpTry[];
  /** Changes how it answers from now on (default: accept everything). */
  answer(rule: SmtpRule): void;
  /** Changes how it answers RCPT TO from now on (default: accept every recipient). */
  answerRecipient(rule: RecipientRule): void;
  /** RCPT TO commands it refused, by address, in order. */
  refusedRecipients: string[];
  /** Delays every answer by `ms` (a slow server). */
  delay(ms: number): void;
  /** Goes quiet from now on at `stage` for new connections or messages (null: answers again; those already held stay held). */
  stall(stage: SmtpStall | null): void;
  /** Messages held by a 'data' stall, in order. */
  stalled: StalledMessage[];
  /** Connections held by a 'greeting' stall (never greeted). */
  ungreeted(): number;
  /** Resolves once `count` messages were accepted; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives (no TLS, no auth). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const tries: SmtpTry[] = [];
  const triesByMessage = new Map<string, number>();
  const refusedRecipients: string[] = [];
  let rule: SmtpRule = () => null;
  let recipientRule: RecipientRule = () => null;
  let delayMs = 0;
  let stall: SmtpStall | null = null;
  const stalled: StalledMessage[] = [];
  const stalledBySession = new Map<string, StalledMessage>();
  let ungreeted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1024 * 1024,
    // Held connections must not keep close() waiting.
    closeTimeout: 100,
    onConnect(_session, callback) {
      if (stall !== 'greeting') return callback();
      ungreeted += 1;
    },
    onClose(session) {
      const held = stalledBySession.get(session.id);
      if (held) held.until = Date.now();
      stalledBySession.delete(session.id);
    },
    onRcptTo(address, _session, callback) {
      const code = recipientRule(address.address);
      if (code === null) return callback();
      refusedRecipients.push(address.address);
      callback(Object.assign(new Error(`recipient refused with ${code}`), { responseCode: code }));
    },
    onData(stream, session, callback) {
      readAll(stream).then(
        async (raw) => {
          const mail = await simpleParser(raw);
          if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          const messageId = mail.messageId ?? '';
          if (stall === 'data') {
            const held = { to, messageId, since: Date.now(), until: null };
            stalled.push(held);
            stalledBySession.set(session.id, held);
            return; // no answer: the client waits until it gives up
          }
          const tryNumber = (triesByMessage.get(messageId) ?? 0) + 1;
          triesByMessage.set(messageId, tryNumber);
          const code = rule({ to, messageId, tries: tryNumber });
          tries.push({ to, messageId, at: Date.now(), code: code ?? 250 });
          if (code !== null) return callback(Object.assign(new Error(`refused with ${code}`), { responseCode: code }));
          received.push({
            messageId,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            headers: headersOf(mail.headerLines),
            raw: raw.toString('utf8'),
            receivedAt: Date.now(),
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A client killed mid-message resets its connection; that is the client's problem, not the sink's.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    tries,
    refusedRecipients,
    answer: (next) => (rule = next),
    answerRecipient: (next) => (recipientRule = next),
    delay: (ms) => (delayMs = ms),
    stall: (stage) => (stall = stage),
    stalled,
    ungreeted: () => ungreeted,
    waitFor: (count, timeoutMs = 30_000) => until(() => received.length >= count, timeoutMs, () => `${received.length} of ${count} messages`),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** `Name: value` lines (unfolded) by lower-case name; the first of a repeated header. */
function headersOf(lines: ReadonlyArray<{ key: string; line: string }>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, line } of lines) headers[key] ??= line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
  return headers;
}

/** A request the HTTP receiver got. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as received. */
  rawBody: string;
  at: number;
}

export interface HttpReceiver {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  requests: ReceivedRequest[];
  /** The status to answer a request with (default 200). */
  answer(status: (request: ReceivedRequest, tries: number) => number): void;
  /** While on, requests are read and never answered (a provider gone quiet); they count in `stalled`. */
  stall(on: boolean): void;
  /** Requests a stall left unanswered. */
  stalled: ReceivedRequest[];
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A real HTTP server on loopback that records every request (webhooks, text and voice providers). */
export async function startHttpReceiver(): Promise<HttpReceiver> {
  const requests: ReceivedRequest[] = [];
  const triesByKey = new Map<string, number>();
  let status: (request: ReceivedRequest, tries: number) => number = () => 200;
  let stalling = false;
  const stalled: ReceivedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received: ReceivedRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      if (stalling) return void stalled.push(received);
      const key = String(request.headers['idempotency-key'] ?? received.rawBody);
      const tries = (triesByKey.get(key) ?? 0) + 1;
      triesByKey.set(key, tries);
      const code = status(received, tries);
      if (code >= 200 && code < 300) requests.push(received);
      response.writeHead(code, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (next) => (status = next),
    stall: (on) => (stalling = on),
    stalled,
    waitFor: (count, timeoutMs = 30_000) => until(() => requests.length >= count, timeoutMs, () => `${requests.length} of ${count} requests`),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `done` every 20 ms; rejects with `progress()` after `timeoutMs`. */
export async function until(done: () => boolean, timeoutMs: number, progress: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${progress()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
