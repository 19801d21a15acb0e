import { createHash, createPrivateKey, randomBytes, sign, type KeyObject } from 'node:crypto';
import { domainToASCII } from 'node:url';
import type { DkimConfig } from '@curbside/config';
import * as base64 from 'nodemailer/lib/base64';
import { buildHeaderValue, foldLines, hasLongerLines, isPlainText } from 'nodemailer/lib/mime-funcs';
import MimeNode from 'nodemailer/lib/mime-node';
import * as qp from 'nodemailer/lib/qp';

/*
 * The whole email as one string, byte for byte what nodemailer's MailComposer streams for the same
 * `sendMail` fields (header order, encoded-words, folding, 7bit / quoted-printable / base64, the
 * multipart/alternative layout, its DKIM signature), without its per-message stream pipeline: that
 * pipeline was half of the notifier's CPU per email. Header values go through nodemailer's own
 * encoder and the bodies through its quoted-printable and base64 functions; the SMTP client's data
 * stream still turns bare LFs into CRLF and stuffs dots, as it does for a composed message.
 */

/** An email's content; `headers` come first, in the order given (nodemailer puts custom headers first). */
export interface MimeMessageInput {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string | null;
  messageId: string;
  headers: ReadonlyArray<readonly [name: string, value: string]>;
}

/** The two random parts of a message, fixed by a test to compare it with nodemailer's: the Date and the boundary's hex part. */
export interface MimeMessageOptions {
  date?: Date;
  baseBoundary?: string;
}

interface HeaderLine {
  key: string;
  line: string;
}

interface ContentPart {
  contentType: string;
  content: string;
}

const LINE_LENGTH = 76;
/** nodemailer's `boundaryPrefix`: the first (and only) multipart node is part 1. */
const BOUNDARY_PREFIX = '--_NmP';

export class MimeMessageComposer {
  /** nodemailer's header encoder (addresses, encoded-words, angle brackets), reused for every message. */
  private readonly encoder = new MimeNode(false);
  private readonly fromLine: HeaderLine;
  private readonly signer: DkimSigner | null;

  constructor(from: MimeMessageInput['from'], dkim: DkimConfig | null, signedHeaders: string) {
    this.fromLine = plainHeaderLine('From', this.encoder.encodeHeaderValue('From', from));
    this.signer = dkim === null ? null : new DkimSigner(dkim, signedHeaders);
  }

  compose(message: MimeMessageInput, options: MimeMessageOptions = {}): string {
    const parts = contentParts(message);
    const root = parts.length === 1 ? parts[0] : null;
    const encodedRoot = root === null || root.content === '' ? null : encodeContent(root.content);
    const boundary = root === null ? `${BOUNDARY_PREFIX}-${options.baseBoundary ?? randomBytes(8).toString('hex')}-Part_1` : '';
    const contentType = root?.contentType ?? buildHeaderValue({ value: 'multipart/alternative', params: { boundary } });
    const date = (options.date ?? new Date()).toUTCString().replace(/GMT/, '+0000');

    const headers = [
      ...message.headers.map(([key, value]) => this.headerLine(key, value)),
      this.fromLine,
      this.headerLine('To', message.to),
      this.headerLine('Subject', message.subject),
      this.headerLine('Message-ID', message.messageId),
      encodedRoot === null ? null : plainHeaderLine('Content-Transfer-Encoding', encodedRoot.transferEncoding),
      plainHeaderLine('Date', date),
      plainHeaderLine('MIME-Version', '1.0'),
      plainHeaderLine('Content-Type', contentType),
    ].filter((header): header is HeaderLine => header !== null);

    // The header block ends in a line break, so an empty body needs none (nodemailer's `last-newline` stream).
    const body = root === null ? multipartBody(parts, boundary) : encodedRoot === null ? '' : withLastNewline(encodedRoot.body);
    const unsigned = `${headers.map((header) => header.line).join('\r\n')}\r\n\r\n${body}`;
    return this.signer === null ? unsigned : `${this.signer.signatureHeader(headers, body)}\r\n${unsigned}`;
  }

  /** `Key: value` encoded and folded as nodemailer does; null for a value that encodes to blank (it leaves those out). */
  private headerLine(key: string, value: string | { name: string; address: string }): HeaderLine | null {
    if (value === '') return null;
    const encoded = this.encoder.encodeHeaderValue(key, value);
    return encoded.trim() === '' ? null : plainHeaderLine(key, encoded);
  }
}

function plainHeaderLine(key: string, value: string): HeaderLine {
  return { key: key.toLowerCase(), line: foldLines(`${key}: ${value}`, LINE_LENGTH) };
}

/** nodemailer's alternatives: the text, then the html, each only when not empty; an empty text/plain when neither. */
function contentParts(message: MimeMessageInput): ContentPart[] {
  const parts: ContentPart[] = [];
  if (message.text) parts.push({ contentType: 'text/plain; charset=utf-8', content: message.text });
  if (message.html) parts.push({ contentType: 'text/html; charset=utf-8', content: message.html });
  return parts.length > 0 ? parts : [{ contentType: 'text/plain', content: '' }];
}

function multipartBody(parts: ContentPart[], boundary: string): string {
  const sections = parts.map(({ contentType, content }) => {
    const { transferEncoding, body } = encodeContent(content);
    const headers = [plainHeaderLine('Content-Type', contentType), plainHeaderLine('Content-Transfer-Encoding', transferEncoding)];
    return `--${boundary}\r\n${headers.map((header) => header.line).join('\r\n')}\r\n\r\n${body}`;
  });
  return `${sections.join('\r\n')}\r\n--${boundary}--\r\n`;
}

/** 7bit when the text is plain ASCII in short lines, else quoted-printable or base64, whichever nodemailer prefers. */
function encodeContent(content: string): { transferEncoding: string; body: string } {
  if (isPlainText(content) && !hasLongerLines(content, LINE_LENGTH)) return { transferEncoding: '7bit', body: content };
  if (mostlyLatin(content)) return { transferEncoding: 'quoted-printable', body: qp.wrap(qp.encode(content), LINE_LENGTH) };
  return { transferEncoding: 'base64', body: base64.wrap(base64.encode(content), LINE_LENGTH) };
}

/** nodemailer's choice of Q over B: more Latin letters than control and non-ASCII characters. */
function mostlyLatin(value: string): boolean {
  let latin = 0;
  let other = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x08 || code === 0x0b || code === 0x0c || (code >= 0x0e && code <= 0x1f) || code >= 0x80) other++;
    else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin++;
  }
  return other < latin;
}

/** A message always ends with a line break. */
function withLastNewline(body: string): string {
  if (body.endsWith('\n')) return body;
  return body.endsWith('\r') ? `${body}\n` : `${body}\r\n`;
}

/** DKIM (RFC 6376), rsa-sha256, relaxed/relaxed, written as nodemailer's signer writes it. */
class DkimSigner {
  private readonly key: KeyObject;
  private readonly domain: string;
  private readonly selector: string;
  private readonly signedHeaders: string[];

  constructor(dkim: DkimConfig, signedHeaders: string) {
    this.key = createPrivateKey(dkim.privateKey);
    this.domain = domainToASCII(tagValue(dkim.domain)) || tagValue(dkim.domain).toLowerCase();
    this.selector = tagValue(dkim.selector);
    this.signedHeaders = signedHeaders.toLowerCase().split(':');
  }

  signatureHeader(headers: HeaderLine[], body: string): string {
    // A repeated header: the last one is signed, as nodemailer's signer picks it.
    const lineByKey = new Map(headers.map((header) => [header.key, header.line]));
    const present: string[] = [];
    const canonical: string[] = [];
    for (const key of this.signedHeaders) {
      const line = lineByKey.get(key);
      if (line === undefined) continue;
      present.push(key);
      canonical.push(`${key}:${relaxedHeaderValue(line)}\r\n`);
    }
    const bodyHash = createHash('sha256').update(relaxedBody(body)).digest('base64');
    const tags = [
      'v=1',
      'a=rsa-sha256',
      'c=relaxed/relaxed',
      `d=${this.domain}`,
      'q=dns/txt',
      `s=${this.selector}`,
      `bh=${bodyHash}`,
      `h=${present.join(':')}`,
    ];
    const unsignedHeader = `${foldLines(`DKIM-Signature: ${tags.join('; ')}`, LINE_LENGTH)};\r\n b=`;
    const signed = `${canonical.join('')}dkim-signature:${relaxedHeaderValue(unsignedHeader)}`;
    const signature = sign('sha256', Buffer.from(signed), this.key).toString('base64');
    return unsignedHeader + signature.replace(/(^.{73}|.{75}(?!\r?\n|\r))/g, '$&\r\n ').trim();
  }
}

/** A tag's value without control characters, ';' or '='. */
function tagValue(value: string): string {
  return [...value].filter((char) => char > '\x1f' && char !== '\x7f' && char !== ';' && char !== '=').join('');
}

/** RFC 6376 §3.4.2: unfolded, runs of SP and HTAB as one SP, none around the value. */
function relaxedHeaderValue(line: string): string {
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/^ | $/g, '');
}

/** RFC 6376 §3.4.4: lines end in CRLF (a bare LF ends one too), runs of SP and HTAB as one SP, none at a line's end, no empty lines at the end. */
function relaxedBody(body: string): string {
  const lines = body.split('\n').map((line) =>
    line
      .replace(/\r$/, '')
      .replace(/[ \t]+/g, ' ')
      .replace(/ $/, ''),
  );
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => `${line}\r\n`).join('');
}
