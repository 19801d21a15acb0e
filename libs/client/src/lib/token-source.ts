import type { AccessTokenBody } from '@curbside/contract';
import { CurbsideProblemError } from './problem-error';

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

/** Refresh this share of a token's lifetime before it ends, within these bounds. */
const REFRESH_SHARE = 0.1;
const MIN_REFRESH_MS = 1_000;
const MAX_REFRESH_MS = 60_000;

/**
 * Access tokens by the client credentials grant (CONTRACT §2), kept until shortly before they
 * expire and then fetched again, so a request never leaves with an expired token. Concurrent
 * callers share one token request.
 */
export class TokenSource {
  private current: { token: string; refreshAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly tokenUrl: string,
    private readonly credentials: Credentials,
    private readonly fetch: (request: Request) => Promise<Response>,
    private readonly now: () => number,
  ) {}

  async token(): Promise<string> {
    if (this.current !== null && this.now() < this.current.refreshAt) return this.current.token;
    this.pending ??= this.request().finally(() => (this.pending = null));
    return this.pending;
  }

  private async request(): Promise<string> {
    const requestedAt = this.now();
    const response = await this.fetch(
      new Request(this.tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: this.credentials.clientId,
          client_secret: this.credentials.clientSecret,
        }),
      }),
    );
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw new CurbsideProblemError(response.status, body, '');
    const { access_token: token, expires_in: lifetime } = body as AccessTokenBody;
    const margin = Math.min(MAX_REFRESH_MS, Math.max(MIN_REFRESH_MS, lifetime * 1000 * REFRESH_SHARE));
    this.current = { token, refreshAt: requestedAt + lifetime * 1000 - margin };
    return token;
  }
}
