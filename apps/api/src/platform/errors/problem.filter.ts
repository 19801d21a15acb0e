import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl } from '@curbside/runtime';
import { ApiErrorCode } from './api.exception';
import { ClientAborts, isClientAbort } from '../http/client-aborts';
import { DatabaseOutage } from './database-outage';
import { KeptAnswerSent } from '../negotiation/negotiation.guard';
import { describeError, renderProblem } from './problem';
import { TRACKING_HEADER } from '../http/request-tracking';
import { ERROR_SECURITY_HEADERS } from '../http/security-headers';

/**
 * Where every exception thrown in Nest or in a Fastify hook becomes an HTTP response: an
 * RFC 9457 problem in the negotiated format (CONTRACT §4), rendered by `renderProblem` like
 * the few errors Fastify answers itself (edge-errors.ts). Unexpected ones are logged here with
 * their stack; the client only ever sees a generic message.
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemFilter');

  constructor(
    private readonly outage: DatabaseOutage,
    private readonly aborts: ClientAborts,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (exception instanceof KeptAnswerSent) return;
    this.answer(exception, host.switchToHttp().getRequest<FastifyRequest>(), host.switchToHttp().getResponse<FastifyReply>());
  }

  /** The filter as a plain function, for routes served without Nest's execution context. */
  answer(exception: unknown, request: FastifyRequest, reply: FastifyReply): void {
    // Before anything reads the error: a socket's ECONNRESET would pass for the database's.
    if (isClientAbort(request)) return this.aborts.counted(request, exception);
    const description = describeError(exception);
    if (description.code === ApiErrorCode.DATABASE_UNAVAILABLE) this.outage.refused();
    if (description.unexpected) {
      this.logger.error({ err: exception, requestTrackingId: request.id }, `${request.method} ${redactUrl(request.url)} failed`);
    }
    if (reply.sent) return;

    const problem = renderProblem(description, { url: request.url, trackingId: request.id, accept: request.headers.accept });
    // Fastify sends a URL it cannot decode, with no route for its method, to the 404 handler without the onRequest
    // hooks: that answer gets the headers they would have set, as the errors Fastify answers itself do.
    const skippedHooks = reply.hasHeader(TRACKING_HEADER) ? {} : { ...ERROR_SECURITY_HEADERS, [TRACKING_HEADER]: request.id };
    void reply.status(problem.status).headers({ ...skippedHooks, ...problem.headers }).send(problem.body);
  }
}
