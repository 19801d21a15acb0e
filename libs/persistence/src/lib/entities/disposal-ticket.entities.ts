import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { KeyInteger, KeyText, NullableText, Text } from './columns';
import { BelongsToCustomer, CustomerEntity } from './customer.entities';

/**
 * A disposal ticket with its nested objects flattened into prefixed columns. The audit
 * `modified_at` is the ticket's date in lists, so it is indexed in the list's order.
 */
@Entity('disposal_tickets')
// Its list's order, `LENGTH(id)` included (see service-ticket.entities.ts): the migration makes it, sync leaves it be.
@Index('idx_disposal_tickets_list_order', { synchronize: false })
export class DisposalTicketEntity {
  @KeyText() customerId!: string;
  @KeyText() id!: string;
  @NullableText() haulingTicketId!: string | null;
  @NullableText() replaceTicketId!: string | null;
  @NullableText() voidTicketId!: string | null;
  @NullableText() timeIn!: string | null;
  @NullableText() timeOut!: string | null;
  @Text() status!: string;
  @NullableText() weightGross!: string | null;
  @NullableText() weightTare!: string | null;
  @NullableText() weightNet!: string | null;
  @NullableText() weightUom!: string | null;
  @NullableText() weightRoundedNet!: string | null;
  @NullableText() weightRoundedNetUom!: string | null;
  @NullableText() scaleIn!: string | null;
  @NullableText() scaleOut!: string | null;
  @NullableText() swipeCardId!: string | null;
  @NullableText() volume!: string | null;
  @NullableText() materialSubtotal!: string | null;
  @NullableText() surcharge!: string | null;
  @NullableText() tax!: string | null;
  @NullableText() amount!: string | null;
  @NullableText() currency!: string | null;
  @NullableText() carrierId!: string | null;
  @NullableText() carrierDescription!: string | null;
  @NullableText() siteId!: string | null;
  @NullableText() siteName!: string | null;
  @NullableText() destination!: string | null;
  @NullableText() routeId!: string | null;
  @NullableText() notes!: string | null;
  @NullableText() sealNumber1!: string | null;
  @NullableText() sealNumber2!: string | null;
  @NullableText() customerName!: string | null;
  @NullableText() customerBusinessName!: string | null;
  @NullableText() customerStreet1!: string | null;
  @NullableText() customerStreet2!: string | null;
  @NullableText() customerCity!: string | null;
  @NullableText() customerState!: string | null;
  @NullableText() customerCountry!: string | null;
  @NullableText() customerZip!: string | null;
  @NullableText() customerZip4!: string | null;
  @NullableText() createdBy!: string | null;
  @NullableText() createdAt!: string | null;
  @NullableText() modifiedBy!: string | null;
  @NullableText() modifiedAt!: string | null;
  @NullableText() vehicleNumber!: string | null;
  @NullableText() vehicleDescription!: string | null;
  @NullableText() vehicleDriverName!: string | null;
  @BelongsToCustomer() owner?: CustomerEntity;
}

@Entity('disposal_ticket_details')
export class DisposalTicketDetailEntity {
  @KeyText() customerId!: string;
  @KeyText() ticketId!: string;
  @KeyInteger() position!: number;
  @Text() sequenceNumber!: string;
  @NullableText() materialName!: string | null;
  @NullableText() surchargeName!: string | null;
  @NullableText() description!: string | null;
  @NullableText() volume!: string | null;
  @NullableText() generatorName!: string | null;
  @NullableText() roundedNetWeight!: string | null;
  @NullableText() roundedNetUom!: string | null;
  @NullableText() billedQuantity!: string | null;
  @NullableText() ratePerUnit!: string | null;
  @NullableText() rateUom!: string | null;
  @NullableText() originId!: string | null;
  @NullableText() originDescription!: string | null;
  @NullableText() amount!: string | null;
  @NullableText() totalTaxAmount!: string | null;
  @NullableText() totalAmount!: string | null;
  @NullableText() purchaseOrderNumber!: string | null;
  @NullableText() manifestId!: string | null;
  @NullableText() containerId!: string | null;
  @NullableText() profileId!: string | null;
  @NullableText() profileDescription!: string | null;

  @ManyToOne(() => DisposalTicketEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'customer_id', referencedColumnName: 'customerId' },
    { name: 'ticket_id', referencedColumnName: 'id' },
  ])
  ticket?: DisposalTicketEntity;
}

/** Tax items of one detail line (`detail_position`), in order. */
@Entity('disposal_ticket_taxes')
export class DisposalTicketTaxEntity {
  @KeyText() customerId!: string;
  @KeyText() ticketId!: string;
  @KeyInteger() detailPosition!: number;
  @KeyInteger() position!: number;
  @NullableText() sequenceNumber!: string | null;
  @NullableText() taxId!: string | null;
  @NullableText() name!: string | null;
  @NullableText() description!: string | null;
  @NullableText() rate!: string | null;
  @NullableText() rateUom!: string | null;
  @NullableText() amount!: string | null;

  @ManyToOne(() => DisposalTicketDetailEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'customer_id', referencedColumnName: 'customerId' },
    { name: 'ticket_id', referencedColumnName: 'ticketId' },
    { name: 'detail_position', referencedColumnName: 'position' },
  ])
  detail?: DisposalTicketDetailEntity;
}
