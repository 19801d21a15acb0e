import type { FieldError, Problem, ProblemCode } from '@curbside/contract';

/**
 * An error answer of the API: its RFC 9457 problem (CONTRACT §4), or the OAuth error of the
 * token endpoint (`{"error": "invalid_client"}`), with the request's tracking id.
 */
export class CurbsideProblemError extends Error {
  readonly status: number;
  /** `error.code` of the problem (e.g. `NOT_FOUND`), or the OAuth `error` (e.g. `invalid_client`). */
  readonly code: ProblemCode | string;
  readonly detail: string;
  readonly request_tracking_id: string;
  /** One entry per invalid field, when the request had some. */
  readonly errors: FieldError[];
  readonly problem: Problem | undefined;

  constructor(status: number, body: unknown, trackingId: string) {
    const problem = isProblem(body) ? body : undefined;
    const oauthError = readOAuthError(body);
    const detail = problem?.detail ?? oauthError?.error_description ?? `HTTP ${status}`;
    super(detail);
    this.name = 'CurbsideProblemError';
    this.status = status;
    this.code = problem?.error.code ?? oauthError?.error ?? `HTTP_${status}`;
    this.detail = detail;
    this.request_tracking_id = problem?.request_tracking_id ?? trackingId;
    this.errors = problem?.error.errors ?? [];
    this.problem = problem;
  }
}

function isProblem(body: unknown): body is Problem {
  const candidate = body as Partial<Problem> | null;
  return typeof candidate?.status === 'number' && typeof candidate.error?.code === 'string';
}

function readOAuthError(body: unknown): { error: string; error_description?: string } | undefined {
  const candidate = body as { error?: unknown; error_description?: unknown } | null;
  if (typeof candidate?.error !== 'string') return undefined;
  return { error: candidate.error, error_description: typeof candidate.error_description === 'string' ? candidate.error_description : undefined };
}
