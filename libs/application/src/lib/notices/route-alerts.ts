import { randomBytes } from 'node:crypto';
import { addDays, nowLocalDateTime, routeAlertNotice, routePickupsOn, type LocalDate, type RouteAlert } from '@curbside/domain';
import { HolidayRepository, NoticeRepository } from '@curbside/persistence';

/** `alerts create`: an operator's message to the customers a route runs for on a day (CONTRACT §8). */
export class RouteAlerts {
  constructor(
    private readonly notices: NoticeRepository,
    private readonly holidays: HolidayRepository,
  ) {}

  async create(routeId: string, date: LocalDate, message: string): Promise<RouteAlert> {
    const [services, holidays] = await Promise.all([
      this.notices.scheduledServices(routeId),
      this.holidays.list({ from: addDays(date, -14), to: date }),
    ]);
    const alert: RouteAlert = { id: `ra_${randomBytes(8).toString('hex')}`, routeId, date, message, customers: 0, createdAt: nowLocalDateTime() };
    const customers = [...services].filter(([, owned]) => routePickupsOn(owned, holidays, routeId, date).length > 0).map(([id]) => id);
    alert.customers = customers.length;
    await this.notices.createAlert(alert, customers.map((customerId) => routeAlertNotice(customerId, alert)));
    return alert;
  }

  list(): Promise<RouteAlert[]> {
    return this.notices.alerts();
  }
}
