import { Entity, JoinColumn, ManyToOne } from 'typeorm';
import { KeyInteger, KeyText, NullableBool, NullableInteger, NullableText, Text } from './columns';
import { BelongsToCustomer, CustomerEntity } from './customer.entities';

/**
 * A service with its catalog entry, material, equipment, schedule and pricing flattened into
 * prefixed columns. A schedule's days are one comma-separated column (`MONDAY,THURSDAY`); a
 * service without a schedule has the three schedule columns null.
 */
@Entity('services')
export class ServiceEntity {
  @KeyText() customerId!: string;
  @KeyText() id!: string;
  @Text() status!: string;
  @NullableText() name!: string | null;
  @NullableText() occurs!: string | null;
  @NullableText() taxable!: string | null;
  @NullableText() typeCode!: string | null;
  @NullableText() lineOfBusiness!: string | null;
  @NullableText() catalogId!: string | null;
  @NullableText() catalogName!: string | null;
  @NullableText() catalogDescription!: string | null;
  @NullableText() catalogSubCategory!: string | null;
  @NullableText() catalogCategory!: string | null;
  @NullableText() materialId!: string | null;
  @NullableText() materialCode!: string | null;
  @NullableText() materialName!: string | null;
  @NullableBool() materialSpecialHandling!: boolean | null;
  @NullableBool() materialManifest!: boolean | null;
  @NullableText() equipmentId!: string | null;
  @NullableText() equipmentName!: string | null;
  @NullableText() equipmentSize!: string | null;
  @NullableText() equipmentSizeUom!: string | null;
  @NullableText() equipmentQuantity!: string | null;
  @NullableText() scheduleDays!: string | null;
  @NullableInteger() scheduleEveryWeeks!: number | null;
  @NullableText() scheduleStartsOn!: string | null;
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

/** The routes that serve a service, in the order imported. */
@Entity('service_operations')
export class ServiceOperationEntity {
  @KeyText() customerId!: string;
  @KeyText() serviceId!: string;
  @KeyInteger() position!: number;
  @NullableText() routeId!: string | null;
  @NullableText() dayOfWeek!: string | null;
  @NullableText() notes!: string | null;

  @ManyToOne(() => ServiceEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'customer_id', referencedColumnName: 'customerId' },
    { name: 'service_id', referencedColumnName: 'id' },
  ])
  service?: ServiceEntity;
}
