import { startSmtpSink, type ReceivedMail, type SmtpSink } from '@curbside/testing';
import { simpleParser, type ParsedMail } from 'mailparser';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import nodemailer, { type Transporter } from 'nodemailer';
import { emailOf, type EmailSender } from '../src/lib/channels';
import { MimeMessageComposer, type MimeMessageInput } from '../src/lib/mime-message';
import { DKIM, dkimResolver } from './support/dkim-key';

/*
 * The composed message against nodemailer's: each email goes out once through `sendMail` with the
 * fields the channel used to give it (the reference) and once composed here and sent `raw`, both
 * into a real SMTP server on loopback. Given the reference's Date and MIME boundary (random per
 * message), the bytes received must be the same, DKIM signature included.
 */

const DKIM_SIGNED_HEADERS = 'From:To:Subject:Date:Message-ID:List-Unsubscribe:List-Unsubscribe-Post:Reply-To:MIME-Version:Content-Type';

interface Email {
  from?: EmailSender;
  address: string;
  subject: string | null;
  body: string;
  html: string | null;
  listUnsubscribe: string | null;
}

const PRAIRIE: EmailSender = { name: 'Prairie Hauling', address: 'notify@prairie.example' };
const UNSUBSCRIBE = 'https://prairie.example/unsubscribe/7f3c2a9e-1b4d-4e8f-9a0b-123456789abc';
const HTML = '<!doctype html><html><body><p><strong>Service ticket 1 was created.</strong></p><p>Why you get this.</p></body></html>';

const EMAILS: Array<[string, Email]> = [
  [
    'ASCII text and html, List-Unsubscribe',
    {
      address: 'resident@example.com',
      subject: 'Prairie Hauling: Service ticket 1 was created',
      body: 'Service ticket 1 was created.\n\nWhy.\n',
      html: HTML,
      listUnsubscribe: UNSUBSCRIBE,
    },
  ],
  [
    'text only, no List-Unsubscribe',
    {
      address: 'resident@example.com',
      subject: 'Prairie Hauling: Route alert',
      body: 'Route alert. Reply STOP to opt out.',
      html: null,
      listUnsubscribe: null,
    },
  ],
  [
    'non-ASCII subject, body, sender name and address',
    {
      from: { name: 'Prairie Hauling — Émile & Fils', address: 'notify@prairie.example' },
      address: 'rés.ident@exämple.com',
      subject: 'Café ticket ñ was créated, and a long subject that has to be folded over more than one line of the header',
      body: 'Ünïcode body, café crème.\nSecond line\n',
      html: '<p>Café crème — ñ</p>',
      listUnsubscribe: UNSUBSCRIBE,
    },
  ],
  [
    'long lines, lines starting with a dot, trailing spaces',
    {
      address: 'resident@example.com',
      subject: 'Dots',
      body: `.first line starts with a dot\n.\n..two dots\nends with spaces   \n${'word '.repeat(40)}\n${'x'.repeat(200)}\n.`,
      html: `<p>${'a long paragraph '.repeat(20)}</p>\n.<p>dot</p>`,
      listUnsubscribe: null,
    },
  ],
  [
    'mostly non-Latin (base64)',
    {
      address: 'resident@example.com',
      subject: 'Уведомление: заявка создана',
      body: 'Заявка 1 создана. 收集日已更改。\n',
      html: '<p>Заявка 1 создана</p>',
      listUnsubscribe: UNSUBSCRIBE,
    },
  ],
  [
    'no subject, no body',
    {
      from: { name: 'Prairie Hauling, Inc.', address: 'notify@prairie.example' },
      address: 'resident@example.com',
      subject: null,
      body: '',
      html: null,
      listUnsubscribe: null,
    },
  ],
  [
    'html only',
    { address: 'resident@example.com', subject: 'Html', body: '', html: HTML, listUnsubscribe: `${UNSUBSCRIBE}?${'q'.repeat(90)}` },
  ],
];

/** What the channel gave nodemailer before it composed messages itself. */
function sendWithNodemailer(transport: Transporter, from: EmailSender, email: Email, idempotencyKey: string) {
  return transport.sendMail({
    from,
    to: email.address,
    subject: email.subject ?? '',
    text: email.body,
    html: email.html ?? undefined,
    messageId: `<${idempotencyKey}@curbside.invalid>`,
    headers: {
      'Idempotency-Key': idempotencyKey,
      ...(email.listUnsubscribe
        ? { 'List-Unsubscribe': `<${email.listUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : {}),
    },
  });
}

function deliveryOf(email: Email, idempotencyKey: string) {
  return {
    id: 1,
    eventId: 1,
    customerId: '1',
    channel: 'Email' as const,
    address: email.address,
    selectionType: null,
    webhookId: null,
    idempotencyKey,
    subject: email.subject,
    body: email.body,
    html: email.html,
    listUnsubscribe: email.listUnsubscribe,
    state: 'pending' as const,
    attempts: 0,
    createdAt: '2026-11-27T00:00:00',
    nextAttemptAt: '2026-11-27T00:00:00',
    deliveredAt: null,
    lastError: null,
  };
}

/** The reference's Date and the random part of its boundary, for the composer to use the same. */
function dateAndBoundaryOf(raw: string) {
  const date = new Date(/^Date: (.*)$/m.exec(raw)?.[1] ?? '');
  const baseBoundary = /boundary="--_NmP-([0-9a-f]+)-Part_1"/.exec(raw)?.[1];
  return { date, baseBoundary };
}

/** Every header but Date and the boundary's, and every part decoded. */
function comparable(mail: ParsedMail) {
  return {
    headers: mail.headerLines.filter(({ key }) => !['date', 'dkim-signature', 'content-type'].includes(key)),
    contentType: mail.headers.get('content-type'),
    subject: mail.subject,
    from: mail.from?.value,
    to: mail.to,
    messageId: mail.messageId,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments.length,
  };
}

describe('a composed email is the email nodemailer composes', () => {
  let sink: SmtpSink;
  let reference: Transporter;
  let signingReference: Transporter;
  let rawTransport: Transporter;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const options = { url: sink.url, pool: true, maxConnections: 1 };
    reference = nodemailer.createTransport(options);
    const { domain, selector, privateKey } = DKIM.config;
    signingReference = nodemailer.createTransport({
      ...options,
      dkim: { domainName: domain, keySelector: selector, privateKey, headerFieldNames: DKIM_SIGNED_HEADERS },
    });
    rawTransport = nodemailer.createTransport(options);
  });

  afterAll(async () => {
    [reference, signingReference, rawTransport].forEach((transport) => transport.close());
    await sink.close();
  });

  async function bothWays(email: Email, signed: boolean): Promise<[ReceivedMail, ReceivedMail]> {
    const from = email.from ?? PRAIRIE;
    const key = `key-${sink.received.length}`;
    await sendWithNodemailer(signed ? signingReference : reference, from, email, key);
    const expected = sink.received[sink.received.length - 1];
    const composer = new MimeMessageComposer(from, signed ? DKIM.config : null, DKIM_SIGNED_HEADERS);
    const message: MimeMessageInput = emailOf(deliveryOf(email, key), from);
    const raw = Buffer.from(composer.compose(message, dateAndBoundaryOf(expected.raw)));
    await rawTransport.sendMail({ envelope: { from: from.address, to: email.address }, raw, messageId: message.messageId });
    return [expected, sink.received[sink.received.length - 1]];
  }

  describe.each([
    ['unsigned', false],
    ['DKIM-signed', true],
  ])('%s', (_name, signed) => {
    it.each(EMAILS)('%s: the same bytes, envelope, headers and decoded parts', async (_case, email) => {
      const [expected, actual] = await bothWays(email, signed);

      expect(actual.raw).toBe(expected.raw);
      expect({ from: actual.from, to: actual.to }).toEqual({ from: expected.from, to: expected.to });
      const [parsedExpected, parsedActual] = await Promise.all([simpleParser(expected.raw), simpleParser(actual.raw)]);
      expect(comparable(parsedActual)).toEqual(comparable(parsedExpected));
      expect(parsedActual.headers.has('dkim-signature')).toBe(signed);
      if (signed) {
        const { results } = await dkimVerify(Buffer.from(actual.raw), { resolver: dkimResolver });
        expect(results.map((result) => result.status.result)).toEqual(['pass']);
      }
    });
  });

  it('the cases above covered every encoding: 7bit, quoted-printable and base64 bodies, Q and B encoded-words', () => {
    const raws = sink.received.map((mail) => mail.raw).join('\n');
    for (const encoding of ['7bit', 'quoted-printable', 'base64']) expect(raws).toContain(`Content-Transfer-Encoding: ${encoding}`);
    expect(raws).toContain('=?UTF-8?Q?');
    expect(raws).toContain('=?UTF-8?B?');
  });

  it('a new message gets a fresh boundary and the current date', () => {
    const composer = new MimeMessageComposer(PRAIRIE, null, DKIM_SIGNED_HEADERS);
    const message = emailOf(deliveryOf(EMAILS[0][1], 'k'), PRAIRIE);
    const [first, second] = [composer.compose(message), composer.compose(message)];
    const boundary = (raw: string) => /boundary="(--_NmP-[0-9a-f]{16}-Part_1)"/.exec(raw)?.[1];
    expect(boundary(first)).toBeDefined();
    expect(boundary(first)).not.toBe(boundary(second));
    expect(Math.abs(dateAndBoundaryOf(first).date.getTime() - Date.now())).toBeLessThan(5_000);
  });
});
