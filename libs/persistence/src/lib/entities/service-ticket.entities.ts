import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { KeyInteger, KeyText, NullableBool, NullableText, Text } from './columns';
import { BelongsToCustomer, CustomerEntity } from './customer.entities';

@Entity('service_tickets')
// The list's order, `LENGTH(id)` included (an expression TypeORM cannot declare): the migration makes it, sync leaves it be.
@Index('idx_service_tickets_list_order', { synchronize: false })
// Ticket ids are unique per customer; a new request's ticket id must be unique across them all.
@Index(['id'])
export class ServiceTicketEntity {
  @KeyText() customerId!: string;
  @KeyText() id!: string;
  @Text() status!: string;
  @NullableText() loadType!: string | null;
  @NullableText() loadDescription!: string | null;
  @Text() createdAt!: string;
  @NullableText() createdBy!: string | null;
  @NullableText() closedAt!: string | null;
  @NullableText() closedBy!: string | null;
  @NullableText() dispatchedAt!: string | null;
  @NullableBool() generated!: boolean | null;
  @NullableBool() complaint!: boolean | null;
  @NullableText() comments!: string | null;
  @NullableText() completionCode!: string | null;
  @NullableText() completedDescription!: string | null;
  @NullableText() requestedBy!: string | null;
  @NullableText() loggedAt!: string | null;
  @BelongsToCustomer() owner?: CustomerEntity;
}

/** The ticket's `services_info` lines, in order. */
@Entity('service_ticket_services')
export class ServiceTicketServiceEntity {
  @KeyText() customerId!: string;
  @KeyText() ticketId!: string;
  @KeyInteger() position!: number;
  @Text() code!: string;
  @NullableText() description!: string | null;
  @NullableText() quantity!: string | null;
  @NullableText() cost!: string | null;
  @NullableText() specialDescription!: string | null;

  @ManyToOne(() => ServiceTicketEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'customer_id', referencedColumnName: 'customerId' },
    { name: 'ticket_id', referencedColumnName: 'id' },
  ])
  ticket?: ServiceTicketEntity;
}
