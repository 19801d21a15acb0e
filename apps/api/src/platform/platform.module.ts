import { Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { ClientAborts } from './http/client-aborts';
import { DatabaseOutage } from './errors/database-outage';
import { JsonBodyGuard } from './http/json-body.guard';
import { ProblemFilter } from './errors/problem.filter';
import { RepeatReads } from './caching/repeat-reads';
import { RequestTrackingGuard } from './http/request-tracking';
import { createValidationPipe } from './http/validation';

/** The HTTP edge every route passes through, in this order: guards, negotiation, validation, problems. */
@Global()
@Module({
  providers: [
    { provide: APP_GUARD, useClass: RequestTrackingGuard },
    { provide: APP_GUARD, useClass: JsonBodyGuard },
    { provide: APP_PIPE, useFactory: createValidationPipe },
    { provide: APP_FILTER, useClass: ProblemFilter },
    DatabaseOutage,
    ClientAborts,
    RepeatReads,
  ],
  // Global for the negotiation guard, which each route's `Endpoint` names.
  exports: [RepeatReads],
})
export class PlatformModule {}
