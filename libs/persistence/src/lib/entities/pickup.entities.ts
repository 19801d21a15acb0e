import { Entity, Index } from 'typeorm';
import { Integer, KeyText, NullableBool, NullableText, Text } from './columns';
import { BelongsToCustomer, CustomerEntity } from './customer.entities';

/**
 * A pickup record. Its key (service id + planned date + ticket number, see `pickupKey`) is one
 * column, because a ticket number may be absent and a primary key column cannot be null.
 * `hasEta` tells an ETA with every member null from no ETA at all.
 */
@Entity('pickups')
@Index(['customerId', 'plannedDate'])
// The confirmed pickups' list order, partial on their statuses (see migration 1765300000000-notes-pickups-list-order.ts): the migration makes it, sync leaves it be.
@Index('idx_pickups_confirmed_list_order', { synchronize: false })
export class PickupEntity {
  @KeyText() customerId!: string;
  @KeyText() key!: string;
  @Text() serviceId!: string;
  @Text() status!: string;
  @NullableText() ticketNumber!: string | null;
  @Text() plannedDate!: string;
  @NullableText() orderedDate!: string | null;
  @NullableText() ticketType!: string | null;
  @NullableText() ticketLoadType!: string | null;
  @NullableText() lineOfBusiness!: string | null;
  @NullableText() exceptionReasonCode!: string | null;
  @NullableText() exceptionClass!: string | null;
  @NullableText() serviceTime!: string | null;
  @NullableText() routeId!: string | null;
  @NullableText() routeOrderNumber!: string | null;
  @NullableBool() hasEta!: boolean | null;
  @NullableText() etaFrom!: string | null;
  @NullableText() etaTo!: string | null;
  @NullableText() etaReasonCode!: string | null;
  @NullableText() etaReasonText!: string | null;
  @NullableText() etaServicedAt!: string | null;
  @NullableText() etaRouteId!: string | null;
  @BelongsToCustomer() owner?: CustomerEntity;
}

@Entity('profiles')
export class ProfileEntity {
  @KeyText() customerId!: string;
  @KeyText() id!: string;
  @NullableBool() paperlessInvoice!: boolean | null;
  @NullableBool() autoPay!: boolean | null;
  @NullableBool() logonStatus!: boolean | null;
  @NullableText() firstName!: string | null;
  @NullableText() lastName!: string | null;
  @NullableText() email!: string | null;
  @NullableText() lastLoginDate!: string | null;
  @BelongsToCustomer() owner?: CustomerEntity;
}

/** An account note; `key` is a digest of everything it says (notes have no id, see `noteKey`). */
@Entity('notes')
// Its list's order, `LENGTH(key)` included (see service-ticket.entities.ts): the migration makes it, sync leaves it be.
@Index('idx_notes_list_order', { synchronize: false })
export class NoteEntity {
  @KeyText() customerId!: string;
  @KeyText() key!: string;
  @NullableText() comment!: string | null;
  @Text() createdAt!: string;
  @NullableText() auditCreatedAt!: string | null;
  @NullableText() auditCreatedBy!: string | null;
  @BelongsToCustomer() owner?: CustomerEntity;
}

/** The company's holiday calendar: one row per date, for every customer. */
@Entity('holidays')
export class HolidayEntity {
  @KeyText() date!: string;
  @Text() name!: string;
  @Integer() delayDays!: number;
}
