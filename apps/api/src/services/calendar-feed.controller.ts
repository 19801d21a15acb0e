import { Controller, Header, Param, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CALENDAR_MESSAGES } from '@curbside/codecs';
import { Messages } from '@curbside/messages';
import { ApiParam, ApiProduces, ApiTags } from '../openapi/openapi-decorators';
import { PickupSchedules } from '@curbside/application';
import { FeedTokenService } from '@curbside/auth';
import { CustomerRepository } from '@curbside/persistence';
import { CalendarResponse, LanguageQuery, ProblemResponse } from '../openapi';
import { ApiErrorCode, ApiException, Clock, Endpoint } from '../platform';
import { ROUTES } from '@curbside/contract';


/**
 * The address of a calendar feed. The token is a path segment, not a query parameter: request
 * logs redact it (see libs/runtime logging.ts) and proxies do not strip it. Outside `/api`: calendar
 * apps send no Request-Tracking-Id.
 */
export const feedUrl = (origin: string, token: string): string => `${origin}${ROUTES.getCalendarFeed.path.replace('{token}', token)}`;

/** The calendar feed: no headers, the link's token is the credential (checked against its client each time). */
@ApiTags('services')
@Controller()
export class CalendarFeedController {
  constructor(
    private readonly feedTokens: FeedTokenService,
    private readonly customers: CustomerRepository,
    private readonly schedules: PickupSchedules,
    private readonly clock: Clock,
    private readonly messages: Messages,
  ) {}

  @Endpoint(ROUTES.getCalendarFeed, {
    summary: 'The pickup calendar (subscribe from a calendar app)',
    description:
      'The address that services/calendar gives: no headers needed. One all-day event per pickup of the next 12 weeks, ' +
      'holiday moves applied; UIDs stay the same from one fetch to the next.',
  })
  @ApiParam({ name: 'token', type: String, description: 'The signed token of the link, as services/calendar gave it' })
  @LanguageQuery("the customer's language, else the hauler's default")
  @ApiProduces('text/calendar')
  @CalendarResponse('The pickup calendar (iCalendar, RFC 5545)')
  @ProblemResponse(404, 'The link is altered, or its client was revoked or lost the customer')
  // One resident's pickups behind a credential in the URL: no shared cache keeps it, no browser stores it.
  @Header('Cache-Control', 'private, no-store')
  async feed(@Param('token') token: string, @Req() request: FastifyRequest): Promise<string> {
    const { customerId } = await this.feedTokens.verify(token);
    const customer = await this.customers.find(customerId);
    if (customer === null) throw new ApiException(ApiErrorCode.CUSTOMER_NOT_FOUND);
    // CONTRACT §11: the URL's lang when offered, else the customer's language, else the default.
    const lang = (request.query as Record<string, unknown> | undefined)?.['lang'];
    const language = this.messages.offeredTag(typeof lang === 'string' ? lang : null) ?? this.messages.languageOf(customer.language);
    return this.schedules.calendar(customerId, this.clock.today(), this.messages.writer(language, CALENDAR_MESSAGES));
  }
}
