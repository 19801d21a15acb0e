import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { DatabaseOutage } from './database-outage';
import { JsonBodyGuard } from './json-body.guard';
import { NegotiationInterceptor } from './negotiation.interceptor';
import { ProblemFilter } from './problem.filter';
import { RepeatReads } from './repeat-reads';
import { RequestTrackingGuard } from './request-tracking';
import { createValidationPipe } from './validation';

/** The HTTP edge every route passes through, in this order: guards, negotiation, validation, problems. */
@Module({
  providers: [
    { provide: APP_GUARD, useClass: RequestTrackingGuard },
    { provide: APP_GUARD, useClass: JsonBodyGuard },
    { provide: APP_INTERCEPTOR, useClass: NegotiationInterceptor },
    { provide: APP_PIPE, useFactory: createValidationPipe },
    { provide: APP_FILTER, useClass: ProblemFilter },
    DatabaseOutage,
    RepeatReads,
  ],
})
export class PlatformModule {}
