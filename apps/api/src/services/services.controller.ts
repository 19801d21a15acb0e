import { Controller, Inject, Param, Query } from '@nestjs/common';
import { ApiProduces, ApiTags } from '../openapi/openapi-decorators';
import { FeedTokenService } from '@curbside/auth';
import type { Config } from '@curbside/config';
import { CONFIG } from '@curbside/runtime';
import { CALENDAR_MESSAGES, responses, WireObject } from '@curbside/codecs';
import { Messages } from '@curbside/messages';
import {
  type ApiClient,
  type Customer,
  etaFor,
  isScheduledService,
  lineOfBusinessOf,
  STATS_DEFAULT_DAYS,
  statsWindow,
  summarizePickups,
} from '@curbside/domain';
import { PickupSchedules } from '@curbside/application';
import { HolidayRepository, PickupRepository, ServiceRepository } from '@curbside/persistence';
import { CurrentCustomer, CustomerResource, RecordIdPipe } from '../customer-scope';
import { ListPaging, Paging } from '../lists';
import { CalendarResponse, ProblemResponse, WireResponse } from '../openapi';
import { ApiErrorCode, ApiException, Clock, CurrentClient, Format, NotCached, ResponseFormat, TrackingId, Endpoint } from '../platform';
import { feedUrl } from './calendar-feed.controller';
import { EtaQuery, PickupStatsQuery, ServiceListQuery } from './dtos/service-queries.dto';
import { ROUTES } from '@curbside/contract';

/** The customer's services: what they are, their prices, routes, pickups and schedule. */
@ApiTags('services')
@Controller()
@CustomerResource()
export class ServicesController {
  constructor(
    private readonly services: ServiceRepository,
    private readonly pickups: PickupRepository,
    private readonly holidays: HolidayRepository,
    private readonly schedules: PickupSchedules,
    private readonly feedTokens: FeedTokenService,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
    private readonly messages: Messages,
  ) {}

  @Endpoint(ROUTES.listServices, {
    summary: 'The services of the account',
    description: 'Every service (active or not) by id, with its catalog entry, material, container, pricing and routes.',
  })
  @WireResponse('Services', 'services')
  @ProblemResponse(400, 'line_of_business is not RESIDENTIAL, COMMERCIAL or ROLLOFF')
  async list(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer, @Query() query: ServiceListQuery): Promise<WireObject> {
    const services = await this.services.list(customer.id);
    const wanted = query.line_of_business;
    return responses.services(trackingId, wanted === undefined ? services : services.filter((s) => lineOfBusinessOf(s) === wanted));
  }

  @Endpoint(ROUTES.getInvoiceFees, {
    summary: 'Invoice fees of each service (op 11)',
    description: 'Fuel, environmental and regulatory cost recovery fees, per service; metadata.totalCount counts the services.',
  })
  @WireResponse('Invoice fees of services', 'invoiceFees')
  async invoiceFees(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer): Promise<WireObject> {
    return responses.invoiceFees(trackingId, await this.services.list(customer.id));
  }

  @Endpoint(ROUTES.getServicePrices, { summary: 'Base monthly price of each service (op 12)', description: 'The status and pricing of every service of the customer.' })
  @WireResponse('Service prices', 'servicePrices')
  async prices(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer): Promise<WireObject> {
    return responses.servicePrices(trackingId, await this.services.list(customer.id));
  }

  @Endpoint(ROUTES.getServiceMaterials, {
    summary: 'Catalog entry, material and price of each service (op 13)',
    description: 'Every service of the customer by id, with its catalog entry, the material it collects and its price.',
  })
  @WireResponse('Service materials', 'serviceMaterials')
  async materials(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer): Promise<WireObject> {
    return responses.serviceMaterials(trackingId, await this.services.list(customer.id));
  }

  @Endpoint(ROUTES.getPickupPlan, {
    summary: "Today's pickups",
    description: 'The pickup records planned for today (in the operating time zone), with their route and stop number.',
  })
  @WireResponse("Today's pickup records", 'pickupPlan')
  async plan(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer): Promise<WireObject> {
    const today = this.clock.today();
    return responses.pickupPlan(trackingId, await this.pickups.list(customer.id, { from: today, to: today }));
  }

  @Endpoint(ROUTES.getPickupStats, {
    summary: 'Pickups done (or tried) in the last days',
    description:
      'The pickup records with a Confirmed status planned within the last numberOfdays days, today included, newest first ' +
      '(within a day in a fixed order); summary=Y adds the counts of services, successful ones, missed pickups and ' +
      'exceptions over the whole window, whatever the page.',
  })
  @WireResponse('Confirmed pickup records; with summary=Y, their summary too', 'pickupStats', 'pickupStatsSummary')
  @ProblemResponse(400, 'numberOfdays is not a whole number from 1 to 366, or summary is not Y or N')
  async stats(
    @TrackingId() trackingId: string,
    @CurrentCustomer() customer: Customer,
    @Query() query: PickupStatsQuery,
    @Paging() paging: ListPaging,
  ): Promise<WireObject> {
    const days = query.numberOfdays === undefined ? STATS_DEFAULT_DAYS : Number(query.numberOfdays);
    const window = statsWindow(this.clock.today(), days);
    const page = await paging.read('pickup-stats', query, (list) => this.pickups.confirmed(customer.id, { ...list, range: window }));
    const summary = query.summary === 'Y' ? summarizePickups(await this.pickups.list(customer.id, window)) : null;
    return responses.pickupStats(trackingId, page.items, summary);
  }

  @ApiProduces('application/json', 'application/xml', 'text/calendar')
  @Endpoint(ROUTES.getNextPickups, {
    summary: 'The next pickup of each scheduled service',
    description:
      'One entry per active service with a schedule, by service id: the first pickup on or after today not yet confirmed, ' +
      'holiday moves applied (scheduled_date, delay_reason and holiday_name tell a moved one). ' +
      'Accept: text/calendar answers the pickups of the next 12 weeks as an iCalendar (RFC 5545) instead.',
  })
  @CalendarResponse('Next pickups, or with Accept: text/calendar the pickup calendar', 'nextPickups')
  async nextPickup(
    @TrackingId() trackingId: string,
    @CurrentCustomer() customer: Customer,
    @ResponseFormat() format: Format,
  ): Promise<WireObject | string> {
    // CONTRACT §11: the calendar's texts in the customer's language.
    if (format === 'calendar') return this.schedules.calendar(customer.id, this.clock.today(), this.messages.writer(this.messages.languageOf(customer.language), CALENDAR_MESSAGES));
    return responses.nextPickups(trackingId, await this.schedules.nextPickups(customer.id, this.clock.today()));
  }

  @Endpoint(ROUTES.getServiceOperations, { summary: 'The routes that serve each service', description: 'Every service (active or not) by id, with its route on each day.' })
  @WireResponse('Service routes', 'serviceOperations')
  async operations(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer): Promise<WireObject> {
    return responses.serviceOperations(trackingId, await this.services.list(customer.id));
  }

  @Endpoint(ROUTES.getCalendarLink, {
    summary: 'A calendar feed link',
    description:
      'An address calendar apps can subscribe to with no headers: the pickups of the next 12 weeks as iCalendar (RFC 5545). ' +
      'The link carries a signed token for this client and customer; it stops working when the client is revoked.',
  })
  @WireResponse('The calendar feed link', 'calendarLink')
  @NotCached() // a new token for this client each time
  async calendar(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer, @CurrentClient() client: ApiClient): Promise<WireObject> {
    const token = await this.feedTokens.issue({ clientId: client.clientId, customerId: customer.id });
    // PUBLIC_BASE_URL, never the request's Host: a forged Host would otherwise come back as the link a resident subscribes to.
    return responses.calendarLink(trackingId, feedUrl(this.config.publicBaseUrl, token));
  }

  @Endpoint(ROUTES.getEta, {
    summary: "The truck's estimated arrival for a service on a day",
    description:
      'From the pickup record of that day (for a roll-off service, the one of ticketNumber); without one, reason_code ' +
      'is Scheduled when the schedule has a pickup that day and NotScheduled otherwise.',
  })
  @WireResponse('Estimated arrival', 'eta')
  @ProblemResponse(400, 'requestDate missing or not yyyy-MM-dd; ticketNumber missing for a roll-off service')
  async eta(
    @TrackingId() trackingId: string,
    @CurrentCustomer() customer: Customer,
    @Param('serviceId', RecordIdPipe) serviceId: string,
    @Query() query: EtaQuery,
  ): Promise<WireObject> {
    const service = (await this.services.list(customer.id)).find((s) => s.id === serviceId);
    if (service === undefined) throw new ApiException(ApiErrorCode.NOT_FOUND, 'The service does not exist.');
    const lineOfBusiness = lineOfBusinessOf(service);
    if (lineOfBusiness === 'ROLLOFF' && query.ticketNumber === undefined) {
      throw new ApiException(ApiErrorCode.VALIDATION_FAILED, 'ticketNumber is required for a roll-off service.', [
        { field: 'ticketNumber', message: 'ticketNumber is required for a roll-off service' },
      ]);
    }
    const [pickups, holidays] = await Promise.all([
      this.pickups.forServiceOn(customer.id, service.id, query.requestDate),
      this.holidays.list(),
    ]);
    const eta = etaFor({
      service: { lineOfBusiness, schedule: isScheduledService(service) ? service.schedule : null },
      pickups,
      holidays,
      requestDate: query.requestDate,
      today: this.clock.today(),
      ticketNumber: query.ticketNumber,
    });
    return responses.eta(trackingId, eta);
  }

  // The schedule rules' inputs (CONTRACT §6): what a team needs to run nextPickupsOf, scheduledPickups, hasPickupOn
  // and isWorkingDay (@curbside/domain) on Curbside's own records.

  @Endpoint(ROUTES.getServiceSchedules, {
    summary: 'Every service with its schedule, and the operating time zone',
    description:
      'Each service (active or not) whole, as the import file writes it: a scheduled one with its schedule (days, every_weeks, ' +
      'starts_on), an on-call one without. time_zone is the operating time zone and today its date: the day next-pickup counts from.',
  })
  @WireResponse('Services with their schedules', 'serviceSchedules')
  async serviceSchedules(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer): Promise<WireObject> {
    const services = await this.services.list(customer.id);
    return responses.serviceSchedules(trackingId, { timeZone: this.clock.timeZone, today: this.clock.today(), services });
  }

  @Endpoint(ROUTES.getHolidays, {
    summary: 'The holiday calendar the schedules follow',
    description:
      "Every holiday, oldest first: a holiday from Monday to Saturday moves each pickup of its week from that day on by delay_days. " +
      'The same for every customer; time_zone is the operating time zone.',
  })
  @WireResponse('The holiday calendar', 'holidays')
  async holidayCalendar(@TrackingId() trackingId: string): Promise<WireObject> {
    return responses.holidays(trackingId, { timeZone: this.clock.timeZone, holidays: await this.holidays.list() });
  }
}
