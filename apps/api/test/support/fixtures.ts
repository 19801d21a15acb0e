import { readFileSync } from 'node:fs';
import { CustomerImport } from '@curbside/application';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { decodeImportFile } from '@curbside/codecs';
import { HolidayRepository } from '@curbside/persistence';

/** A wire record of the fixture file: every leaf a string, as the API serializes it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type WireRecord = Record<string, any>;

export interface FixtureCustomer extends WireRecord {
  id: string;
  currency: string;
}

const FIXTURE = join(__dirname, '../fixtures/customers.json');

/**
 * The e2e fixture: the demo sandbox as of 2026-06-15 (three customers with data in every
 * resource) plus customer 3000001, which has no records at all. It is an import file, so
 * each detail response can be compared with the record that was imported.
 */
export const fixture: { customers: FixtureCustomer[]; holidays?: WireRecord[] } = JSON.parse(readFileSync(FIXTURE, 'utf8'));

export const fixtureCustomer = (id: string): FixtureCustomer => {
  const customer = fixture.customers.find((c) => c.id === id);
  if (customer === undefined) throw new Error(`No customer ${id} in the fixture`);
  return customer;
};

/** Path parameter values of a fixture customer's records, for `documentedGets` (a ticket id depends on `ticket_type`). */
export const pathSamplesOf = (customerId: string) => {
  const customer = fixtureCustomer(customerId);
  return {
    customerId: () => customerId,
    ticketId: (query: Record<string, string>) => (query.ticket_type === 'disposal' ? customer.disposal_tickets[0].id : customer.tickets[0].id),
    invoiceId: () => customer.invoices[1].id,
    caseId: () => customer.cases[0].case_id,
    serviceId: () => customer.services[0].id,
  };
};

/** A customer with the members of the CONTRACT §6 sample, its empty strings, a published profile id and equipment id (`1000009`). */
export const contractSampleCustomer = (): FixtureCustomer =>
  JSON.parse(readFileSync(join(__dirname, '../../../../libs/codecs/test/fixtures/contract-sample-customer.json'), 'utf8'));

/** Loads the fixture through the import path, as `npm run cli -- import` does. */
export async function loadFixture(app: NestFastifyApplication): Promise<void> {
  const { customers: bundles, holidays } = decodeImportFile(fixture);
  await app.get(HolidayRepository).importHolidays(holidays);
  for (const bundle of bundles) await app.get(CustomerImport).importBundle(bundle);
}
