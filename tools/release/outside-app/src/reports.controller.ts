/*
 * Another team's routes, built only from what Curbside publishes. Every one is behind Curbside's guard
 * (`@curbside/auth`): a caller needs a token Curbside says is active, its ClientId, a Request-Tracking-Id, and,
 * on a route with :customerId, a grant of that customer, as Curbside's own API asks.
 * - whoami: the caller;
 * - customers/:customerId/profiles: a customer's profiles encoded with Curbside's codecs, JSON or XML by Accept,
 *   from the customer's export file (CURBSIDE_EXPORT_FILE);
 * - customers/:customerId/profile-names: the same profiles read from Curbside's API through @curbside/client, their
 *   XML read with the codecs' `decodeAnswer`, with the caller's tracking id passed on;
 * - customers/:customerId/pickup-calendar: Curbside's schedule rules (@curbside/domain, @curbside/codecs) run here on
 *   the schedules and holiday calendar read from Curbside's API;
 * - customers/:customerId/next-pickups: Curbside's next pickups, each checked here against the schedule rules.
 */
import { readFileSync } from 'node:fs';
import { Controller, Get, Header, Headers, Param, Res, UseGuards } from '@nestjs/common';
import { CurbsideAccessGuard, CurbsideCaller, type CurbsideCallerInfo } from '@curbside/auth';
import { CALENDAR_MESSAGES, customerCalendar, decodeAnswer, decodeImportFile, parseXml, responses, scheduleAnswers, toXml } from '@curbside/codecs';
import type { ProfilesBody } from '@curbside/contract';
import { hasPickupOn, nextPickupsOf, type Profile } from '@curbside/domain';
import { messagesFor } from '@curbside/messages';
import { curbside, setting } from './curbside';

/** Curbside's own words for the calendar (CONTRACT §11), in the hauler's default language, as its feed writes them. */
const calendarWords = messagesFor({ languages: ['en'] }).writer('en', CALENDAR_MESSAGES);

function profilesOf(customerId: string): readonly Profile[] {
  const file = decodeImportFile(JSON.parse(readFileSync(setting('CURBSIDE_EXPORT_FILE'), 'utf8')));
  return file.customers.find((bundle) => bundle.customer.id === customerId)?.profiles ?? [];
}

@Controller('reports')
@UseGuards(CurbsideAccessGuard)
export class ReportsController {
  @Get('whoami')
  whoami(@CurbsideCaller() caller: CurbsideCallerInfo) {
    return { client_id: caller.clientId, customers: caller.customers };
  }

  @Get('customers/:customerId/profiles')
  @Header('Vary', 'Accept')
  profiles(
    @Param('customerId') customerId: string,
    @CurbsideCaller() caller: CurbsideCallerInfo,
    @Res({ passthrough: true }) response: { setHeader(name: string, value: string): void },
    @Headers('accept') accept?: string,
  ): string {
    const body: ProfilesBody = responses.profiles(caller.trackingId, profilesOf(customerId));
    const xml = accept === 'application/xml';
    response.setHeader('Content-Type', xml ? 'application/xml; charset=utf-8' : 'application/json; charset=utf-8');
    return xml ? toXml(body) : JSON.stringify(body);
  }

  @Get('customers/:customerId/profile-names')
  async profileNames(@Param('customerId') customerId: string, @CurbsideCaller() caller: CurbsideCallerInfo) {
    const path = { path: { customerId } };
    const options = { trackingId: caller.trackingId };
    const body = await curbside().get('/api/v1/customers/{customerId}/profiles', path, options);
    // The names from the same answer in XML, read into Curbside's records with the codecs.
    const profiles = decodeAnswer('listProfiles', await parseXml(await curbside().getXml('/api/v1/customers/{customerId}/profiles', path, options)), 'xml');
    return { request_tracking_id: body.request_tracking_id, names: profiles.map((profile) => `${profile.firstName} ${profile.lastName}`) };
  }

  @Get('customers/:customerId/pickup-calendar')
  @Header('Content-Type', 'text/calendar; charset=utf-8')
  async pickupCalendar(@Param('customerId') customerId: string): Promise<string> {
    const { services, today, holidays } = await this.scheduleOf(customerId);
    return customerCalendar(customerId, services, holidays, today, calendarWords);
  }

  @Get('customers/:customerId/next-pickups')
  async nextPickups(@Param('customerId') customerId: string) {
    const { services, today, holidays } = await this.scheduleOf(customerId);
    const answered = scheduleAnswers.decodeNextPickups(await curbside().get('/api/v1/customers/{customerId}/services/next-pickup', { path: { customerId } }));
    return {
      worked_out: nextPickupsOf(services, holidays, [], today).map((entry) => entry.service.id),
      answered: answered.map((entry) => {
        const service = services.find((candidate) => candidate.id === entry.serviceId);
        return { service_id: entry.serviceId, date: entry.date, scheduled_then: service !== undefined && entry.date !== null && hasPickupOn(service, entry.date, holidays) };
      }),
    };
  }

  /** The schedule rules' inputs, as Curbside's API answers them. */
  private async scheduleOf(customerId: string) {
    const path = { path: { customerId } };
    const [schedules, calendar] = await Promise.all([
      curbside().get('/api/v1/customers/{customerId}/services/schedules', path),
      curbside().get('/api/v1/customers/{customerId}/services/holidays', path),
    ]);
    return { ...scheduleAnswers.decodeServiceSchedules(schedules), holidays: scheduleAnswers.decodeHolidays(calendar).holidays };
  }
}
