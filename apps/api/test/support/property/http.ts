import { Agent, request } from 'node:http';

/** A request as it goes on the wire: `path` is the raw request target, sent byte for byte (latin1). */
export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

const TIMEOUT_MS = 15_000;

/**
 * A keep-alive HTTP client that sends exactly what it is given (no URL normalization, no
 * encoding of the path), as a hostile client would, over at most `connections` sockets.
 */
export class RawHttpClient {
  private readonly agent: Agent;

  constructor(
    private readonly baseUrl: string,
    connections: number,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: connections });
  }

  send(raw: RawRequest): Promise<RawResponse> {
    const { hostname, port } = new URL(this.baseUrl);
    const body = raw.body === undefined ? undefined : Buffer.from(raw.body, 'utf8');
    const headers = body === undefined ? raw.headers : { ...raw.headers, 'Content-Length': String(body.length) };
    return new Promise((resolve, reject) => {
      const outgoing = request({ host: hostname, port, method: raw.method, path: raw.path, headers, agent: this.agent, timeout: TIMEOUT_MS }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text: Buffer.concat(chunks).toString('utf8') }));
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no response within ${TIMEOUT_MS} ms`)));
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
