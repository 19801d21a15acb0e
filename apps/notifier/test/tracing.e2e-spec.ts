/** @slow the notifier, the API and the CLI: Jest starts it first (jest.sequencer.js). */
import { openDatabase } from '@curbside/persistence';
import { driverIndependentDatabases, startHttpReceiver, startSmtpSink, type HttpReceiver, type SmtpSink, type TestDatabase } from '@curbside/testing';
import { FAST, runCli, seedDailyCustomers, startApi, startNotifier, stop, waitFor, type RunningProcess } from './support';

/*
 * Traces (docs/operators.md, "Traces"): the real API and notifier export OTLP/JSON to a receiver
 * of this test's own. One PUT of preferences, made with a `traceparent` of the test's, is one
 * trace from the API to the webhook receiver's answer; one notice run is one trace from the run
 * to the SMTP sink's answer.
 */

jest.setTimeout(180_000);

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  service: string;
  attributes: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
}

interface OtlpExport {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: OtlpValue }> };
    scopeSpans: Array<{ spans: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string; attributes?: Array<{ key: string; value: OtlpValue }> }> }>;
  }>;
}

const valueOf = (value: OtlpValue): unknown => value.stringValue ?? value.intValue ?? value.boolValue;
const attributesOf = (pairs: Array<{ key: string; value: OtlpValue }> = []) => Object.fromEntries(pairs.map(({ key, value }) => [key, valueOf(value)]));

/** Every span the receiver was sent: OTLP/HTTP with JSON bodies (OTEL_EXPORTER_OTLP_PROTOCOL=http/json). */
function spansIn(receiver: HttpReceiver): ExportedSpan[] {
  return receiver.requests
    .filter((request) => request.path === '/v1/traces')
    .flatMap((request) => (JSON.parse(request.rawBody) as OtlpExport).resourceSpans)
    .flatMap(({ resource, scopeSpans }) => {
      const service = String(attributesOf(resource.attributes)['service.name']);
      return scopeSpans.flatMap(({ spans }) =>
        spans.map((span) => ({ traceId: span.traceId, spanId: span.spanId, parentSpanId: span.parentSpanId ?? '', name: span.name, service, attributes: attributesOf(span.attributes) })),
      );
    });
}

/** The names of the spans from `span` up to its trace's root: each one's parent is in the trace. */
function ancestry(spans: readonly ExportedSpan[], span: ExportedSpan): string[] {
  const names = [span.name];
  for (let parent = span.parentSpanId; parent !== ''; ) {
    const found = spans.find((candidate) => candidate.spanId === parent);
    if (found === undefined) return [...names, `<${parent}>`];
    names.push(found.name);
    parent = found.parentSpanId;
  }
  return names;
}

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const CUSTOMER = '7000000';

// What a trace holds and how it crosses the programs does not depend on the driver: SQLite alone.
describe.each(driverIndependentDatabases())('traces on $name', (kind) => {
  let database: TestDatabase;
  let smtp: SmtpSink;
  let collector: HttpReceiver;
  let hooks: HttpReceiver;
  const running: RunningProcess[] = [];

  beforeEach(async () => {
    database = await kind.create();
    smtp = await startSmtpSink();
    collector = await startHttpReceiver();
    hooks = await startHttpReceiver();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((process) => stop(process)));
    await Promise.all([smtp.close(), collector.close(), hooks.close()]);
    await database.drop();
  });

  it('follows a PUT of preferences to the webhook receiver, and a notice run to the SMTP answer, each as one trace; log lines in a span name it', async () => {
    const dataSource = await openDatabase(database.url);
    await seedDailyCustomers(dataSource, 1, 1);
    await dataSource.destroy();
    const env = {
      ...FAST,
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'info',
      TIME_ZONE: 'UTC',
      REMINDER_TIME: '00:00',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    const client = runCli(env, ['clients', 'create', '--name', 'portal', '--customers', CUSTOMER, '--json']).json<{ client_id: string }>();
    const token = runCli(env, ['tokens', 'issue', '--client-id', client.client_id, '--json']).json<{ access_token: string }>();
    expect(runCli(env, ['webhooks', 'create', '--client-id', client.client_id, '--url', `${hooks.url}/curbside`, '--json']).status).toBe(0);

    const api = await startApi({ ...env, OTEL_SERVICE_NAME: 'curbside-api-under-test' });
    running.push(api);
    const response = await fetch(`${api.url}/api/v1/customers/${CUSTOMER}/communication-preferences`, {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${token.access_token}`,
        ClientId: client.client_id,
        'content-type': 'application/json',
        'Request-Tracking-Id': 'traced-put',
        traceparent: `00-${TRACE}-${CALLER_SPAN}-01`,
      },
      body: JSON.stringify({
        preferences: [{ category: 'Service Notification', channels: [{ name: 'Email', selections: [{ value: `n${CUSTOMER}@example.com`, type: 'SEMAIL', is_opt_in: 'Y' }] }] }],
        audit_info: { modified_by: 'csr-42' },
      }),
    });
    expect(`${response.status} ${await response.text()}`).toMatch(/^200 /);

    running.push(await startNotifier(env));
    await hooks.waitFor(1, 30_000);
    await smtp.waitFor(1, 30_000);
    expect(smtp.received[0].to).toEqual([`n${CUSTOMER}@example.com`]);

    // The PUT: the caller's trace, from the API's server span to the webhook's send, whose traceparent the receiver got.
    const hook = hooks.requests[0];
    expect(hook.headers['traceparent']).toMatch(new RegExp(`^00-${TRACE}-[0-9a-f]{16}-01$`));
    const hookSpanId = String(hook.headers['traceparent']).split('-')[2];
    await waitFor(async () => spansIn(collector).some((span) => span.spanId === hookSpanId), 30_000);
    const put = spansIn(collector).filter((span) => span.traceId === TRACE);
    const send = put.find((span) => span.spanId === hookSpanId) as ExportedSpan;
    expect(send.name).toBe('webhook.send');
    expect(send.service).toBe('curbside-notifier');
    expect(send.attributes['http.response.status_code']).toBe(200);
    const chain = ancestry(put, send);
    expect(chain).toEqual(['webhook.send', 'notifier.fan_out', 'UpdatePreferences.execute', ...chain.slice(3)]);
    expect(chain.at(-1)).toBe(`<${CALLER_SPAN}>`);
    const server = put.find((span) => span.parentSpanId === CALLER_SPAN) as ExportedSpan;
    expect(server.service).toBe('curbside-api-under-test');
    expect(server.attributes['http.request.method'] ?? server.attributes['http.method']).toBe('PUT');
    expect(put.map((span) => span.name)).toEqual(expect.arrayContaining(['notifier.claim']));

    // The notice run: one trace from the run to the mail server's answer.
    await waitFor(async () => spansIn(collector).some((span) => span.name === 'email.send'), 30_000);
    const spans = spansIn(collector);
    const email = spans.find((span) => span.name === 'email.send') as ExportedSpan;
    expect(String(email.attributes['smtp.response'])).toMatch(/^250 /);
    expect(email.attributes['smtp.message_id']).toBe(smtp.received[0].messageId);
    const run = spans.filter((span) => span.traceId === email.traceId);
    expect(ancestry(run, email)).toEqual(['email.send', 'notices.run']);
    expect(run.find((span) => span.name === 'notices.run')?.attributes['curbside.reminders']).toBe(1);
    expect(run.map((span) => span.name)).toEqual(expect.arrayContaining(['notifier.claim']));

    // The API's line about the request carries the trace and the span it was written in.
    const line = api
      .output()
      .split('\n')
      .filter((text) => text.startsWith('{'))
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entry) => entry['msg'] === 'request completed' && entry['method'] === 'PUT');
    expect(line).toMatchObject({ trace_id: TRACE, span_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });
});
