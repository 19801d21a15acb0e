import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

/**
 * The error codes of RFC 6749 §5.2 this endpoint uses, `unauthorized_client` with 403 for a client
 * that may not introspect, and `temporarily_unavailable` (§4.1.2.1) with 429 for an address or
 * client id that failed too often, or a resource server over its introspection limit.
 */
export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'unauthorized_client' | 'unsupported_grant_type' | 'temporarily_unavailable';

/** A token request refused; answered in the RFC 6749 §5.2 shape, not as a problem. */
export class OAuthException extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    /** The client authenticated with HTTP Basic: the 401 must challenge it (RFC 6749 §5.2). */
    readonly usedBasic = false,
    /** For 429: seconds until the client may try again. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(description);
    this.name = 'OAuthException';
  }

  get status(): number {
    if (this.error === 'invalid_client') return 401;
    if (this.error === 'unauthorized_client') return 403;
    return this.error === 'temporarily_unavailable' ? 429 : 400;
  }
}

@Catch(OAuthException)
export class OAuthExceptionFilter implements ExceptionFilter {
  catch(exception: OAuthException, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception.status === 401 && exception.usedBasic) void reply.header('WWW-Authenticate', 'Basic realm="curbside"');
    if (exception.retryAfterSeconds !== null) void reply.header('Retry-After', String(exception.retryAfterSeconds));
    void reply
      .status(exception.status)
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Pragma', 'no-cache')
      .send(JSON.stringify({ error: exception.error, error_description: exception.description }));
  }
}
