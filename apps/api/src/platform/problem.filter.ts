import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { toXml } from '@curbside/codecs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiateProblemFormat, PROBLEM_CONTENT_TYPE } from './negotiation';
import { describeError, ErrorDescription, toProblem } from './problem';
import { TRACKING_HEADER } from './request-tracking';

/**
 * The one place errors become HTTP responses: every exception, from any layer, is answered
 * as an RFC 9457 problem in the negotiated format (CONTRACT §4). Unexpected ones are logged
 * here with their stack; the client only ever sees a generic message.
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const description = describeError(exception);
    if (description.unexpected) {
      this.logger.error({ err: exception, requestTrackingId: request.id }, `${request.method} ${request.url} failed`);
    }
    if (!reply.sent) sendProblem(description, request, reply);
  }
}

/**
 * Answers a problem. Also used for Fastify's own errors (a URL that does not decode), which are
 * answered before any hook runs: so the tracking header is set here too.
 */
export function sendProblem(description: ErrorDescription, request: FastifyRequest, reply: FastifyReply): void {
  const problem = toProblem(description, request.url.split('?')[0], request.id);
  const format = negotiateProblemFormat(request.headers.accept);
  void reply
    .status(description.status)
    .headers(description.headers)
    .header(TRACKING_HEADER, request.id)
    .header('Content-Type', PROBLEM_CONTENT_TYPE[format])
    .header('Vary', 'Accept')
    .send(format === 'xml' ? toXml(problem, 'problem') : JSON.stringify(problem));
}
