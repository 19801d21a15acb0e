import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createLogger, logLinesWritten, redactUrl } from './logging';

function logLine(entry: object): string {
  let written = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      written += String(chunk);
      done();
    },
  });
  createLogger('info', sink).info(entry, 'request completed');
  return written;
}

describe('loggerParams', () => {
  it('never writes credential headers, cookies or client secrets', () => {
    const line = logLine({
      req: {
        headers: {
          authorization: 'Bearer eyJ.token',
          'proxy-authorization': 'Basic cHJveHk6c2VjcmV0',
          'x-api-key': 'key-123',
          cookie: 'session=abc',
          clientid: 'cs_a',
        },
      },
      res: { headers: { 'set-cookie': 'session=def' } },
      body: { client_secret: 'top-secret' },
    });
    expect(line).not.toMatch(/eyJ\.token|cHJveHk6c2VjcmV0|key-123|session=abc|session=def|top-secret/);
    expect(line).toContain('cs_a');
    expect(line).toContain('[redacted]');
  });

  it('never writes a calendar feed token that is in the path', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjc19hIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
    const line = logLine({ req: { method: 'GET', url: `/feeds/calendar/${token}.ics`, params: { token }, headers: {} } });
    expect(line).not.toContain(token);
    expect(line).toContain('/feeds/calendar/[redacted].ics');
  });
});

describe('createLogger', () => {
  it('writes one JSON object per line to a stream', () => {
    const line = logLine({ route: '/health/live', status: 200 });
    expect(line.endsWith('\n')).toBe(true);
    expect(JSON.parse(line)).toMatchObject({ level: 30, route: '/health/live', status: 200, msg: 'request completed' });
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/v1/customers/1/tickets', '/api/v1/customers/1/tickets'],
    ['/oauth/token?client_secret=s3cret&client_id=cs_a', '/oauth/token?client_secret=[redacted]&client_id=[redacted]'],
    ['/x?token=eyJ.a.b', '/x?token=[redacted]'],
    ['/x?bare-secret&a=', '/x?[redacted]&a=[redacted]'],
    ['/x?', '/x?[redacted]'],
    ['/unsubscribe/AQ9PzAmiMjO9g3W8SAkdc_LYYsR8-VzGuz9', '/unsubscribe/[redacted]'],
  ])('%s -> %s', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted);
  });
});

describe('logLinesWritten', () => {
  it('resolves once the lines pino writes asynchronously (its default stdout stream) are in the file', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'log-lines-'));
    try {
      const file = join(folder, 'log.jsonl');
      const stream = pino.destination({ dest: file, sync: false, minLength: 0 });
      await new Promise((ready) => stream.once('ready', ready));
      const logger = pino(stream).child({ context: 'Main' });
      for (let i = 0; i < 200; i++) logger.info({ i }, 'a line');
      await logLinesWritten(logger);
      expect(readFileSync(file, 'utf8').trimEnd().split('\n')).toHaveLength(200);
      stream.end();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('resolves at once for a stream that is not pino’s own (a test’s sink)', async () => {
    await expect(logLinesWritten(createLogger('info', new Writable({ write: (_c, _e, done) => done() })))).resolves.toBeUndefined();
  });
});
