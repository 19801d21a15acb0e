import type { CustomerBundle } from '@curbside/domain';
import { decodeStrictly } from './reader';
import { RESOURCE_CODECS } from './resources';

/**
 * The answers whose entries are a customer's records as the import file writes them (CONTRACT §6: a member is
 * in the wire shape of the response that shows it), and the member that holds them: service and disposal
 * ticket details, a case, contacts, preferences, profiles, notes, email and issue activities, the services (read
 * without schedule and invoice fees, which `services` leaves out; `services/schedules` has the schedules).
 */
/** A resource an answer holds whole. */
export type AnswerResource =
  | 'tickets'
  | 'disposalTickets'
  | 'cases'
  | 'contacts'
  | 'preferences'
  | 'profiles'
  | 'notes'
  | 'emailActivities'
  | 'issueActivities'
  | 'services';

const ANSWER_MEMBER: Record<AnswerResource, string> = {
  tickets: 'tickets',
  disposalTickets: 'tickets',
  cases: 'cases',
  contacts: 'contacts',
  preferences: 'preferences',
  profiles: 'profiles',
  notes: 'activities',
  emailActivities: 'activities',
  issueActivities: 'activities',
  services: 'services',
};

/**
 * Strictly reads the records of an answer (its JSON, parsed) into the domain's records, as `decodeImportFile`
 * reads them: `decodeAnswerRecords(await client.get('/api/v1/customers/{customerId}/profiles', …), 'profiles')`.
 * Throws DecodeError listing every problem.
 */
export function decodeAnswerRecords<K extends AnswerResource>(body: unknown, resource: K): CustomerBundle[K][number][] {
  return decodeStrictly(body, 'body', (r) => {
    r.raw('request_tracking_id');
    // A list's size (CONTRACT §7) is not one of its records: the records are all this returns.
    r.raw('metadata');
    return r.list(ANSWER_MEMBER[resource], (entry) => RESOURCE_CODECS[resource].read(entry));
  }) as CustomerBundle[K][number][];
}
