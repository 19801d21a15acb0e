import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerParams } from './logging';

function logLine(entry: object): string {
  let written = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      written += String(chunk);
      done();
    },
  });
  const { pinoHttp } = loggerParams('info') as { pinoHttp: pino.LoggerOptions };
  pino({ redact: pinoHttp.redact }, sink).info(entry, 'request completed');
  return written;
}

describe('loggerParams', () => {
  it('never writes bearer tokens, cookies or client secrets', () => {
    const line = logLine({
      req: { headers: { authorization: 'Bearer eyJ.token', cookie: 'session=abc', clientid: 'cs_a' } },
      body: { client_secret: 'top-secret' },
    });
    expect(line).not.toMatch(/eyJ\.token|session=abc|top-secret/);
    expect(line).toContain('cs_a');
    expect(line).toContain('[redacted]');
  });
});
