import {
  addDays,
  EXTRA_PICKUP_DAYS_AHEAD,
  isScheduledService,
  requestableDates,
  serviceName,
  type Id,
  type LocalDate,
  type ServiceRequestType,
} from '@curbside/domain';
import { Injectable } from '@nestjs/common';
import { HolidayRepository, ServiceRepository, Traced } from '@curbside/persistence';

/** One request a resident may make now: for this service, on this day. */
export interface RequestOption {
  serviceId: Id;
  serviceName: string;
  date: LocalDate;
}

/**
 * What CONTRACT §9's rules let a customer ask for today, per type: the days each active service
 * may be reported missed or booked for an extra pickup (a resident's page offers exactly these;
 * `CreateServiceRequest` still checks the one asked for).
 */
@Injectable()
export class RequestOptions {
  constructor(
    private readonly services: ServiceRepository,
    private readonly holidays: HolidayRepository,
  ) {}

  @Traced()
  async execute(customerId: Id, today: LocalDate, extraPickupsPerMonth: number): Promise<Record<ServiceRequestType, RequestOption[]>> {
    const services = (await this.services.list(customerId)).filter(isScheduledService);
    const horizon = addDays(today, EXTRA_PICKUP_DAYS_AHEAD);
    const holidays = await this.holidays.list({ from: addDays(today, -31), to: horizon });
    const options: Record<ServiceRequestType, RequestOption[]> = { MISSED_PICKUP: [], EXTRA_PICKUP: [] };
    for (const service of services) {
      // From the month a missed pickup may lie in to the month of the last day an extra one may be booked.
      const existing = await this.services.requests(customerId, service.id, { from: `${addDays(today, -31).slice(0, 7)}-01`, to: `${horizon.slice(0, 7)}-31` });
      const facts = { service, holidays, today, existing, extraPickupsPerMonth };
      for (const type of ['MISSED_PICKUP', 'EXTRA_PICKUP'] as const) {
        for (const date of requestableDates(type, facts)) options[type].push({ serviceId: service.id, serviceName: serviceName(service), date });
      }
    }
    return options;
  }
}
