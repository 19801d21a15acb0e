import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { DkimConfig, SendTimeouts } from '@curbside/config';
import { DeliveryFailure, type Channel } from '@curbside/application';
import { messageIdOf, reasonOf, type DeliveryChannel, type DeliveryWithMessage } from '@curbside/domain';
import type { Transporter } from 'nodemailer';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signWebhook } from '@curbside/contract';
import { annotateSpan, propagateTrace } from '@curbside/persistence';
import type { MimeMessageComposer, MimeMessageInput } from './mime-message';
import { guardedLookup, RefusedTarget, refusedHost } from './webhook-targets';

/**
 * The headers a DKIM signature covers (CONTRACT §10): at least From, To, Subject, Date,
 * Message-ID and both List-Unsubscribe headers (RFC 8058 §4 wants them signed), and the MIME
 * structure. The signature's `h=` lists those of them the message has (an email without an
 * unsubscribe link has no List-Unsubscribe to sign), as nodemailer's signer did.
 */
const DKIM_SIGNED_HEADERS = 'From:To:Subject:Date:Message-ID:List-Unsubscribe:List-Unsubscribe-Post:Reply-To:MIME-Version:Content-Type';

/** Who an email is from: the display name is the hauler's (BRAND_NAME), the address NOTIFIER_FROM's. */
export interface EmailSender {
  name: string;
  address: string;
}

/** A delivery as an email: the Message-ID is its key, the same on every try. */
export function emailOf(delivery: DeliveryWithMessage, from: EmailSender): MimeMessageInput {
  return {
    from,
    to: delivery.address,
    subject: delivery.subject ?? '',
    text: delivery.body,
    html: delivery.html,
    messageId: messageIdOf(delivery),
    headers: [
      ['Idempotency-Key', delivery.idempotencyKey],
      // CONTRACT §11: the language the email is written in.
      ...(delivery.language ? ([['Content-Language', delivery.language]] as const) : []),
      ...(delivery.listUnsubscribe
        ? ([
            ['List-Unsubscribe', `<${delivery.listUnsubscribe}>`],
            ['List-Unsubscribe-Post', 'List-Unsubscribe=One-Click'],
          ] as const)
        : []),
    ],
  };
}

/** The SMTP commands whose permanent refusal says the address is dead (not the server's or the sender's trouble). */
const BOUNCING_COMMANDS = /^(RCPT TO|DATA)$/i;

/** How many SMTP connections the email channel keeps, and how long it waits on them. */
export interface SmtpLimits {
  /** The email channel's concurrency (NOTIFIER_CONCURRENCY): one connection per send in flight. */
  connections: number;
  timeouts: Pick<SendTimeouts, 'smtpConnectionMs' | 'smtpGreetingMs' | 'smtpSocketMs'>;
}

/**
 * Email over SMTP (nodemailer, pooled connections), DKIM-signed when configured. The Message-ID
 * is the delivery's key, the same on every try; an email with an unsubscribe link carries it as
 * `List-Unsubscribe` with `List-Unsubscribe-Post` (RFC 8058 one-click). A send whose signal
 * aborts has its connection closed (nodemailer's per-message AbortSignal); the pool goes on.
 */
export class EmailChannel implements Channel {
  readonly sends = true;
  private readonly transport: Transporter;
  private readonly composer: MimeMessageComposer;

  constructor(
    smtpUrl: string,
    private readonly from: EmailSender,
    dkim: DkimConfig | null,
    { connections, timeouts }: SmtpLimits,
  ) {
    // Loaded by the first email channel, not with this library: the API (unsubscribe tokens) sends no mail.
    const nodemailer = require('nodemailer') as typeof import('nodemailer');
    const { MimeMessageComposer } = require('./mime-message') as typeof import('./mime-message');
    // The message is composed (and signed) here whole; nodemailer is the SMTP client.
    this.composer = new MimeMessageComposer(from, dkim, DKIM_SIGNED_HEADERS);
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: connections,
      maxMessages: Infinity,
      // A connection that closes mid-message fails the try rather than being sent again by the
      // pool: the notifier retries it (same Message-ID) with backoff and counts the attempt.
      maxRequeues: 0,
      connectionTimeout: timeouts.smtpConnectionMs,
      greetingTimeout: timeouts.smtpGreetingMs,
      socketTimeout: timeouts.smtpSocketMs,
    });
  }

  async send(delivery: DeliveryWithMessage, signal: AbortSignal): Promise<void> {
    try {
      const email = emailOf(delivery, this.from);
      const raw = Buffer.from(this.composer.compose(email));
      // The Message-ID only names the message in nodemailer's log (it sends `raw` as given) and spares it making one up.
      const message = { envelope: { from: this.from.address, to: delivery.address }, raw, messageId: email.messageId, signal };
      const sent = await this.transport.sendMail(message);
      // The mail server's answer, in the send's span: the end of a reminder's trace.
      annotateSpan({ 'smtp.response': String(sent.response), 'smtp.message_id': email.messageId });
    } catch (error) {
      const { responseCode: code, command } = error as { responseCode?: number; command?: string };
      const permanent = code !== undefined && code >= 500 && code < 600;
      throw new DeliveryFailure(`SMTP: ${reasonOf(error)}`, permanent, permanent && BOUNCING_COMMANDS.test(command ?? ''));
    }
  }

  close(): void {
    this.transport.close();
  }
}

const noAnswerWithin = (timeoutMs: number) => `HTTP: no answer within ${timeoutMs} ms`;

/** POSTs `body` as JSON, with the trace's `traceparent` when traced; a 2xx is a delivery. `signal` ends it, as does `timeoutMs` from the start. */
async function postJson(url: string, body: string, headers: Record<string, string>, signal: AbortSignal, timeoutMs: number): Promise<void> {
  let response: Response;
  propagateTrace(headers);
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
    });
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') throw new DeliveryFailure(noAnswerWithin(timeoutMs), false);
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new DeliveryFailure(`HTTP: ${cause ?? reasonOf(error)}`, false);
  }
  // The body is read within the same deadline: a provider that sends its headers and then goes quiet is cut too.
  await response.arrayBuffer().catch(() => undefined);
  annotateSpan({ 'http.response.status_code': response.status });
  if (response.ok) return;
  const temporary = response.status === 429 || response.status >= 500;
  throw new DeliveryFailure(`HTTP ${response.status}`, !temporary);
}

/**
 * Text or Voice through a provider endpoint: `{to, message, idempotency_key, language}`, and a
 * text's `encoding` and `segments` (CONTRACT §11).
 */
export class ProviderChannel implements Channel {
  readonly sends = true;

  constructor(
    private readonly url: string,
    /** PROVIDER_TIMEOUT_MS: the request as a whole. */
    private readonly timeoutMs: number,
  ) {}

  send(delivery: DeliveryWithMessage, signal: AbortSignal): Promise<void> {
    const form = delivery.channel === 'Text' ? { encoding: delivery.encoding, segments: delivery.segments } : {};
    const body = JSON.stringify({ to: delivery.address, message: delivery.body, idempotency_key: delivery.idempotencyKey, language: delivery.language, ...form });
    return postJson(this.url, body, { 'Idempotency-Key': delivery.idempotencyKey }, signal, this.timeoutMs);
  }
}

/** Integrators' webhooks: the stored body, signed at each try with the webhook's secret. */
export class WebhookChannel implements Channel {
  readonly sends = true;

  constructor(
    private readonly secretOf: (webhookId: string) => Promise<string | null>,
    /** WEBHOOKS_ALLOW_LOOPBACK: development and tests only. */
    private readonly allowLoopback: boolean,
    /** PROVIDER_TIMEOUT_MS: the request as a whole. */
    private readonly timeoutMs: number,
  ) {}

  async send(delivery: DeliveryWithMessage, signal: AbortSignal): Promise<void> {
    const secret = delivery.webhookId === null ? null : await this.secretOf(delivery.webhookId);
    if (secret === null) throw new DeliveryFailure('the webhook was deleted', true);
    const headers = {
      [EVENT_ID_HEADER]: String(delivery.eventId),
      [SIGNATURE_HEADER]: signWebhook(delivery.body, secret),
      'Idempotency-Key': delivery.idempotencyKey,
    };
    return postToWebhook(delivery.address, delivery.body, headers, this.allowLoopback, signal, this.timeoutMs);
  }
}

/**
 * POSTs `body` as JSON to a webhook, as postJson does (the trace's `traceparent` included), but only to an address a webhook may post to
 * (webhook-targets.ts): the host as written, and every address its name resolves to, checked on the
 * connection's own lookup. A refused target fails the delivery for good.
 */
function postToWebhook(target: string, body: string, headers: Record<string, string>, allowLoopback: boolean, cut: AbortSignal, timeoutMs: number): Promise<void> {
  const url = new URL(target);
  const refusal = refusedHost(url, allowLoopback);
  if (refusal !== null) return Promise.reject(new DeliveryFailure(`HTTP: refused target: ${refusal}`, true));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const payload = Buffer.from(body);
  propagateTrace(headers);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([cut, timeout]);
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(payload.length), ...headers },
        lookup: guardedLookup(allowLoopback),
        signal,
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          annotateSpan({ 'http.response.status_code': status });
          if (status >= 200 && status < 300) return resolve();
          const temporary = status === 429 || status >= 500;
          reject(new DeliveryFailure(`HTTP ${status}`, !temporary));
        });
        response.on('error', (error) => reject(new DeliveryFailure(`HTTP: ${reasonOf(error)}`, false)));
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof RefusedTarget) return reject(new DeliveryFailure(`HTTP: refused target: ${error.message}`, true));
      reject(new DeliveryFailure(timeout.aborted ? noAnswerWithin(timeoutMs) : `HTTP: ${error.code ?? reasonOf(error)}`, false));
    });
    outgoing.end(payload);
  });
}

/** Development: writes what it would send to the log; counts as delivered. */
export class LogChannel implements Channel {
  readonly sends = false;

  constructor(
    private readonly channel: DeliveryChannel,
    private readonly log: (message: string, details: object) => void,
  ) {}

  async send(delivery: DeliveryWithMessage): Promise<void> {
    this.log(`${this.channel} not configured; would send`, {
      deliveryId: delivery.id,
      to: delivery.address,
      subject: delivery.subject,
      message: delivery.body,
      idempotencyKey: delivery.idempotencyKey,
    });
  }
}
