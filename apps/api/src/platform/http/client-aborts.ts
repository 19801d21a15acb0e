import { Injectable } from '@nestjs/common';
import { Metrics } from '@curbside/runtime';
import type { FastifyRequest } from 'fastify';
import { Counter } from 'prom-client';

/**
 * Whether `request` failed because its client left while the API was reading it (a reset
 * connection, a body that ended short): the client's doing, not the server's, and least of all
 * the database's, whatever code the socket's error carries (ECONNRESET among them). A request
 * read whole is never one: its handler's errors (the database's too) are what they are.
 */
export function isClientAbort(request: FastifyRequest): boolean {
  return !request.raw.complete && (request.raw.readableAborted || request.raw.socket.destroyed);
}

/**
 * Requests whose clients left in the middle (`curbside_client_aborted_requests_total`), logged at
 * debug: there is no one to answer, nothing to alert on, and anyone can cause them.
 */
@Injectable()
export class ClientAborts {
  private readonly aborted: Counter;

  constructor(metrics: Metrics) {
    this.aborted = new Counter({
      name: 'curbside_client_aborted_requests_total',
      help: 'Requests whose client closed or reset its connection before the API had read them (e.g. an upload cut short); not answered',
      registers: [metrics.registry],
    });
  }

  counted(request: FastifyRequest, error: unknown): void {
    this.aborted.inc();
    const reason = (error as { code?: unknown }).code ?? (error as { message?: unknown }).message;
    request.log.debug({ requestTrackingId: request.id, reason: String(reason) }, `client aborted ${request.method} ${request.routeOptions.url ?? ''}`);
  }
}
