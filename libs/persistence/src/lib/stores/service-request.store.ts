import type { Id, LocalDate, ServiceRequestType, ServiceTicket, StoredServiceRequest } from '@curbside/domain';
import { EntityManager } from 'typeorm';
import { IdempotencyKeyEntity, ServiceRequestEntity, ServiceTicketEntity } from '../entities';

/** Ticket ids of requests count up from here (skipping any id a ticket already has). */
const FIRST_TICKET_NUMBER = 90_000_001;

/** The requests made for one service of a customer with a date in `from`..`to` (inclusive). */
export async function loadServiceRequests(
  manager: EntityManager,
  customerId: Id,
  serviceId: Id,
  { from, to }: { from: LocalDate; to: LocalDate },
): Promise<StoredServiceRequest[]> {
  const rows = await manager
    .createQueryBuilder(ServiceRequestEntity, 'r')
    .where('r.customerId = :customerId AND r.serviceId = :serviceId', { customerId, serviceId })
    .andWhere('r.date >= :from AND r.date <= :to', { from, to })
    .orderBy('r.ticketNumber', 'ASC')
    .getMany();
  return rows.map(({ ticketId, type, serviceId: service, date, requestKey }) => ({
    ticketId,
    type: type as ServiceRequestType,
    serviceId: service,
    date,
    key: requestKey,
  }));
}

export async function insertServiceRequest(manager: EntityManager, customerId: Id, request: StoredServiceRequest): Promise<void> {
  const { ticketId, type, serviceId, date, key } = request;
  await manager.insert(ServiceRequestEntity, { customerId, ticketId, ticketNumber: Number(ticketId), type, serviceId, date, requestKey: key });
}

/**
 * The next ticket id no customer's ticket has: one past the last request's, skipping ids that
 * imported tickets hold. Two transactions that pick the same one collide on the unique
 * `ticket_number`, and the later one is tried again (see `CreateServiceRequest`).
 */
export async function nextTicketId(manager: EntityManager): Promise<Id> {
  const last = await manager.createQueryBuilder(ServiceRequestEntity, 'r').select('MAX(r.ticketNumber)', 'last').getRawOne<{ last: unknown }>();
  let number = last?.last === null || last?.last === undefined ? FIRST_TICKET_NUMBER : Number(last.last) + 1;
  while ((await manager.count(ServiceTicketEntity, { where: { id: String(number) } })) > 0) number += 1;
  return String(number);
}

/** An answer stored, encoded, for an `Idempotency-Key` before keys kept the ticket (such rows are gone 24 hours after the upgrade). */
export interface StoredResponse {
  status: number;
  location: string | null;
  /** The JSON body as first sent. */
  body: string;
}

/** What the key's first request did: the ticket it created (or, in a row written before keys kept the ticket, its encoded answer). */
export type IdempotentOutcome = { ticket: ServiceTicket } | { response: StoredResponse };

export interface IdempotencyRecord {
  fingerprint: string;
  outcome: IdempotentOutcome;
}

/** The status a kept ticket answered with; `location` null marks a row that keeps the ticket (an encoded answer always had one). */
const CREATED = 201;

/** The answer stored for the client's key since `since` (an ISO instant), if any. */
export async function findIdempotencyRecord(manager: EntityManager, clientId: string, key: string, since: string): Promise<IdempotencyRecord | null> {
  const row = await manager
    .createQueryBuilder(IdempotencyKeyEntity, 'k')
    .where('k.clientId = :clientId AND k.key = :key AND k.createdAt >= :since', { clientId, key, since })
    .getOne();
  if (row === null) return null;
  const outcome: IdempotentOutcome =
    row.location === null ? { ticket: JSON.parse(row.body) as ServiceTicket } : { response: { status: Number(row.status), location: row.location, body: row.body } };
  return { fingerprint: row.fingerprint, outcome };
}

/** Keeps the ticket the client's key created at `at`, and forgets the client's keys older than `since`. */
export async function saveIdempotencyRecord(
  manager: EntityManager,
  clientId: string,
  key: string,
  record: { fingerprint: string; ticket: ServiceTicket },
  { at, since }: { at: string; since: string },
): Promise<void> {
  await manager
    .createQueryBuilder()
    .delete()
    .from(IdempotencyKeyEntity)
    .where('client_id = :clientId AND created_at < :since', { clientId, since })
    .execute();
  const body = JSON.stringify(record.ticket);
  await manager.insert(IdempotencyKeyEntity, { clientId, key, fingerprint: record.fingerprint, status: CREATED, location: null, body, createdAt: at });
}
