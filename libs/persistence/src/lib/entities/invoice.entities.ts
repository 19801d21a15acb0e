import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { KeyInteger, KeyText, NullableText, Text } from './columns';
import { BelongsToCustomer, CustomerEntity } from './customer.entities';

@Entity('invoices')
// Its list's order, `LENGTH(id)` included (see service-ticket.entities.ts): the migration makes it, sync leaves it be.
@Index('idx_invoices_list_order', { synchronize: false })
export class InvoiceEntity {
  @KeyText() customerId!: string;
  @KeyText() id!: string;
  @Text() date!: string;
  @NullableText() amount!: string | null;
  @NullableText() balanceAmount!: string | null;
  @NullableText() paymentAmount!: string | null;
  @NullableText() paymentDate!: string | null;
  @NullableText() paymentReferenceNumber!: string | null;
  @BelongsToCustomer() owner?: CustomerEntity;
}

/**
 * Invoice detail lines. The description is not stored: it follows from the type. Likewise
 * a line has payment info exactly when it is a PAYMENT line (type 2), as the interface says.
 */
@Entity('invoice_lines')
export class InvoiceLineEntity {
  @KeyText() customerId!: string;
  @KeyText() invoiceId!: string;
  @KeyInteger() position!: number;
  @Text() type!: string;
  @NullableText() date!: string | null;
  @NullableText() amount!: string | null;
  @NullableText() dueDate!: string | null;
  @NullableText() period!: string | null;
  @NullableText() paymentAmount!: string | null;
  @NullableText() paymentDate!: string | null;
  @NullableText() paymentMethod!: string | null;
  @NullableText() paymentReferenceNumber!: string | null;

  @ManyToOne(() => InvoiceEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'customer_id', referencedColumnName: 'customerId' },
    { name: 'invoice_id', referencedColumnName: 'id' },
  ])
  invoice?: InvoiceEntity;
}

/** The customer's aging balances: one list, replaced as a whole, kept in order. */
@Entity('balances')
export class BalanceEntity {
  @KeyText() customerId!: string;
  @KeyInteger() position!: number;
  @Text() type!: string;
  @NullableText() date!: string | null;
  @NullableText() amount!: string | null;
  @BelongsToCustomer() owner?: CustomerEntity;
}
