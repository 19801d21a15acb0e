import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

/** The error codes of RFC 6749 §5.2 this endpoint uses. */
export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'unsupported_grant_type';

/** A token request refused; answered in the RFC 6749 §5.2 shape, not as a problem. */
export class OAuthException extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    /** The client authenticated with HTTP Basic: the 401 must challenge it (RFC 6749 §5.2). */
    readonly usedBasic = false,
  ) {
    super(description);
    this.name = 'OAuthException';
  }

  get status(): number {
    return this.error === 'invalid_client' ? 401 : 400;
  }
}

@Catch(OAuthException)
export class OAuthExceptionFilter implements ExceptionFilter {
  catch(exception: OAuthException, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception.status === 401 && exception.usedBasic) void reply.header('WWW-Authenticate', 'Basic realm="curbside"');
    void reply
      .status(exception.status)
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Pragma', 'no-cache')
      .send(JSON.stringify({ error: exception.error, error_description: exception.description }));
  }
}
