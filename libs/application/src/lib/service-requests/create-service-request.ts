import {
  addDays,
  monthRange,
  requestKey,
  requestRefusal,
  requestTicket,
  requestTicketCreated,
  type Id,
  type LocalDate,
  type LocalDateTime,
  type RequestRefusal,
  type ServiceRequest,
  type ServiceTicket,
} from '@curbside/domain';
import { Injectable } from '@nestjs/common';
import {
  appendEvents,
  findIdempotencyRecord,
  inTransaction,
  insertServiceRequest,
  loadHolidays,
  loadServiceRequests,
  lockCustomer,
  nextTicketId,
  residentFormKeyStore,
  saveIdempotencyRecord,
  serviceStore,
  serviceTicketStore,
  touchCustomers,
  Traced,
  type IdempotentOutcome,
} from '@curbside/persistence';
import { DataSource, EntityManager } from 'typeorm';

export type { IdempotentOutcome, StoredResponse } from '@curbside/persistence';

/** How long an `Idempotency-Key`'s answer is kept (CONTRACT §9). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A request sent with an `Idempotency-Key`. */
export interface IdempotentCall {
  key: string;
  /** Identifies the request: the same key with another fingerprint is refused. */
  fingerprint: string;
}

export interface ServiceRequestCall {
  customerId: Id;
  /** Who asks: the ticket's `created_by`, and the scope of idempotency keys. */
  clientId: string;
  request: ServiceRequest;
  /** Today and now in TIME_ZONE. */
  today: LocalDate;
  now: LocalDateTime;
  /** The instant, for the 24 hours of idempotency keys. */
  instant: Date;
  extraPickupsPerMonth: number;
  idempotency: IdempotentCall | null;
  /**
   * The key of a resident's page form (CONTRACT §12), unique per customer: the same form sent again
   * is answered with the ticket it made. The page's own, since its caller is no API client.
   */
  formKey?: string | null;
}

export type ServiceRequestOutcome =
  | { kind: 'created'; ticket: ServiceTicket }
  | { kind: 'refused'; refusal: RequestRefusal }
  /** The key was used before for this request: what the first one did (the door answers it again). */
  | { kind: 'replayed'; earlier: IdempotentOutcome }
  /** The key was used before for another request. */
  | { kind: 'key-reused' };

/** How many times a transaction that collided on a unique key is tried again; the next try sees the winner. */
const ATTEMPTS = 5;

/**
 * Makes a resident's request (CONTRACT §9): in one transaction under the customer's lock,
 * replays an answer stored for its idempotency key, or checks the domain's rules, then writes
 * the ticket, the request (whose unique key refuses a second report or a booking over the
 * limit even without the lock), the `ticket.created` event and the key's answer. A refusal
 * writes nothing. Concurrent calls take turns on the customer's lock; those that still collide
 * on a unique key (a ticket id or an idempotency key used for two customers at once) are tried
 * again, and then see what the other one wrote.
 */
@Injectable()
export class CreateServiceRequest {
  constructor(private readonly dataSource: DataSource) {}

  @Traced()
  async execute(call: ServiceRequestCall): Promise<ServiceRequestOutcome> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await inTransaction(this.dataSource, (manager) => this.attempt(manager, call));
      } catch (error) {
        if (attempt >= ATTEMPTS || !isUniqueViolation(error)) throw error;
      }
    }
  }

  private async attempt(manager: EntityManager, call: ServiceRequestCall): Promise<ServiceRequestOutcome> {
    const { customerId, request, today, idempotency } = call;
    await lockCustomer(manager, customerId);
    const since = new Date(call.instant.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString();
    if (idempotency !== null) {
      const earlier = await findIdempotencyRecord(manager, call.clientId, idempotency.key, since);
      if (earlier !== null) {
        return earlier.fingerprint === idempotency.fingerprint ? { kind: 'replayed', earlier: earlier.outcome } : { kind: 'key-reused' };
      }
    }
    const formTicket = call.formKey ? await residentFormKeyStore.ticketOf(manager, customerId, call.formKey) : null;
    if (formTicket !== null) {
      const [ticket] = await serviceTicketStore.load(manager, customerId, [formTicket]);
      if (ticket !== undefined) return { kind: 'replayed', earlier: { ticket } };
    }
    const [service] = await serviceStore.load(manager, customerId, [request.serviceId]);
    const earliest = request.date < today ? request.date : today;
    const latest = request.date > today ? request.date : today;
    // A month back covers the working days before today and the holidays that move a pickup onto the date.
    const holidays = await loadHolidays(manager, { from: addDays(earliest, -31), to: latest });
    const existing = await loadServiceRequests(manager, customerId, request.serviceId, monthRange(request.date));
    const refusal = requestRefusal({ request, service: service ?? null, holidays, today, existing, extraPickupsPerMonth: call.extraPickupsPerMonth });
    if (refusal !== null) return { kind: 'refused', refusal };
    if (service === undefined) throw new Error('requestRefusal let a request for an unknown service through');

    const ticket = requestTicket(request, service, await nextTicketId(manager), call.now, call.clientId);
    await serviceTicketStore.insert(manager, customerId, [ticket]);
    const { type, serviceId, date } = request;
    await insertServiceRequest(manager, customerId, { ticketId: ticket.id, type, serviceId, date, key: requestKey(request, existing) });
    await appendEvents(manager, [requestTicketCreated(customerId, ticket, request)]);
    await touchCustomers(manager, [customerId]);
    if (call.formKey) await residentFormKeyStore.save(manager, customerId, call.formKey, ticket.id, call.instant);
    if (idempotency !== null) {
      const record = { fingerprint: idempotency.fingerprint, ticket };
      await saveIdempotencyRecord(manager, call.clientId, idempotency.key, record, { at: call.instant.toISOString(), since });
    }
    return { kind: 'created', ticket };
  }
}

/** A unique or primary key refused an insert (PostgreSQL 23505; SQLite's constraint codes). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { driverError?: { code?: unknown } }).driverError?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
