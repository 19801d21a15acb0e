import type { Id, LocalDate, ServiceRequestType, StoredServiceRequest } from '@curbside/domain';
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

/** A stored answer to replay for an `Idempotency-Key`. */
export interface StoredResponse {
  status: number;
  location: string | null;
  /** The JSON body as first sent. */
  body: string;
}

export interface IdempotencyRecord {
  fingerprint: string;
  response: StoredResponse;
}

/** The answer stored for the client's key since `since` (an ISO instant), if any. */
export async function findIdempotencyRecord(manager: EntityManager, clientId: string, key: string, since: string): Promise<IdempotencyRecord | null> {
  const row = await manager
    .createQueryBuilder(IdempotencyKeyEntity, 'k')
    .where('k.clientId = :clientId AND k.key = :key AND k.createdAt >= :since', { clientId, key, since })
    .getOne();
  return row === null ? null : { fingerprint: row.fingerprint, response: { status: Number(row.status), location: row.location, body: row.body } };
}

/** Stores the answer for the client's key at `at`, and forgets the client's keys older than `since`. */
export async function saveIdempotencyRecord(
  manager: EntityManager,
  clientId: string,
  key: string,
  record: IdempotencyRecord,
  { at, since }: { at: string; since: string },
): Promise<void> {
  await manager
    .createQueryBuilder()
    .delete()
    .from(IdempotencyKeyEntity)
    .where('client_id = :clientId AND created_at < :since', { clientId, since })
    .execute();
  const { status, location, body } = record.response;
  await manager.insert(IdempotencyKeyEntity, { clientId, key, fingerprint: record.fingerprint, status, location, body, createdAt: at });
}
