import { Entity, JoinColumn, ManyToOne } from 'typeorm';
import { KeyInteger, KeyText, NullableBool, NullableText, Text } from './columns';
import { BelongsToCustomer, CustomerEntity } from './customer.entities';

/** A service with its catalog entry, material and pricing flattened into prefixed columns. */
@Entity('services')
export class ServiceEntity {
  @KeyText() customerId!: string;
  @KeyText() id!: string;
  @Text() status!: string;
  @NullableText() lineOfBusiness!: string | null;
  @NullableText() catalogId!: string | null;
  @NullableText() catalogName!: string | null;
  @NullableText() catalogDescription!: string | null;
  @NullableText() materialId!: string | null;
  @NullableText() materialCode!: string | null;
  @NullableText() materialName!: string | null;
  @NullableBool() materialSpecialHandling!: boolean | null;
  @NullableBool() pricingSummaryPricing!: boolean | null;
  @NullableText() pricingExtendedCostAmount!: string | null;
  @NullableText() pricingCurrencyCode!: string | null;
  @NullableText() pricingDisposalRateType!: string | null;
  @NullableText() pricingDisposalRateAmount!: string | null;
  @NullableText() pricingUom!: string | null;
  @BelongsToCustomer() owner?: CustomerEntity;
}

@Entity('service_invoice_fees')
export class ServiceInvoiceFeeEntity {
  @KeyText() customerId!: string;
  @KeyText() serviceId!: string;
  @KeyInteger() position!: number;
  @NullableText() category!: string | null;
  @NullableText() categoryDescription!: string | null;
  @NullableText() subCategory!: string | null;
  @NullableText() subCategoryCode!: string | null;
  @NullableText() subCategoryDescription!: string | null;
  @NullableText() chargeExcluded!: string | null;
  @NullableText() chargeModifiedAtLevel!: string | null;
  @NullableText() standardRate!: string | null;
  @NullableText() standardPercentage!: string | null;
  @NullableText() calculatedRate!: string | null;
  @NullableText() isFixedRate!: string | null;
  @NullableText() overrideReason!: string | null;
  @NullableText() salesEmployeeId!: string | null;
  @NullableText() modifiedAt!: string | null;

  @ManyToOne(() => ServiceEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'customer_id', referencedColumnName: 'customerId' },
    { name: 'service_id', referencedColumnName: 'id' },
  ])
  service?: ServiceEntity;
}
