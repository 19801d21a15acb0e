import { applyDecorators, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '../../openapi/openapi-decorators';
import type { Precondition } from '@curbside/persistence';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorCode, ApiException } from '../errors/api.exception';
import { decodeBody } from '../http/decode-body';
import { ifMatch, jsonEntityTag } from './entity-tag';
import { JsonBodyProblems, ProblemResponse } from '../../openapi/document';

/**
 * A conditional PUT: its JSON body and its `If-Match` (CONTRACT §7). The write happens only when
 * the resource's current JSON GET has the ETag the client sent (or it sent none), checked inside
 * the write's transaction; then the answer carries the ETag of the resource after the write.
 */
export class ConditionalPutRequest {
  constructor(
    private readonly body: unknown,
    private readonly header: string | undefined,
    private readonly reply: FastifyReply,
  ) {}

  /**
   * Runs `write` (a repository's compare-and-write, see `writeIfCurrent`) with the precondition
   * If-Match sets — stale: 412 and nothing written — and answers the new ETag. `represent` is
   * the resource's GET body for a state.
   */
  private async write<S>(represent: (state: S) => object, write: (precondition: Precondition<S>) => Promise<S>): Promise<S> {
    const updated = await write((current) => {
      if (!ifMatch(this.header, jsonEntityTag(represent(current)))) throw new ApiException(ApiErrorCode.PRECONDITION_FAILED);
    });
    void this.reply.header('ETag', jsonEntityTag(represent(updated)));
    return updated;
  }

  /** The body read by its codec (its one validator: a 400 naming each bad field), then written as `write`. */
  async update<B, S>({ decode, represent, write }: ConditionalUpdate<B, S>): Promise<S> {
    const update = decodeBody(decode, this.body);
    return this.write(represent, (precondition) => write(update, precondition));
  }
}

/** How a PUT reads its body, represents its resource (for the ETags) and writes. */
export interface ConditionalUpdate<B, S> {
  decode: (body: unknown) => B;
  represent: (state: S) => object;
  write: (update: B, precondition: Precondition<S>) => Promise<S>;
}

/** The request as a conditional PUT, for `ConditionalPutRequest.update`. Put `@ConditionalPut()` on the route to document it. */
export const PutRequest = createParamDecorator((_data: unknown, context: ExecutionContext): ConditionalPutRequest => {
  const http = context.switchToHttp();
  const request = http.getRequest<FastifyRequest>();
  return new ConditionalPutRequest(request.body, request.headers['if-match'], http.getResponse<FastifyReply>());
});

/** Documents a route that takes a JSON body and `If-Match`, and answers `ETag`. */
export function ConditionalPut(): MethodDecorator {
  return applyDecorators(
    ApiHeader({
      name: 'If-Match',
      required: false,
      description:
        'The ETag of the resource as last read (its JSON GET); stale -> 412 and nothing is written. Optional. ' +
        'A successful write answers the ETag of the resource after it.',
    }),
    ProblemResponse(412, 'If-Match names a version of the resource that is no longer current; nothing was written'),
    JsonBodyProblems(),
  );
}
