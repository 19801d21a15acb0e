import { Column, Entity, JoinColumn, ManyToOne } from 'typeorm';
import { Integer, KeyText, NullableBool, NullableText, Text } from './columns';

@Entity('customers')
export class CustomerEntity {
  @KeyText() id!: string;
  @Text() currency!: string;
  @NullableText() ivrFee!: string | null;
  /** The language the resident reads (CONTRACT §11), a canonical tag; null until one is set. */
  @NullableText() language!: string | null;
  /** Who set the language last and when (`GET …/language`'s `audit_info`). */
  @NullableText() languageModifiedBy!: string | null;
  @NullableText() languageModifiedAt!: string | null;
  /** Bumped by every write of what the customer's GETs show (`touchCustomers`); ETags and cached bodies key on it. */
  @Column({ type: 'integer', default: 0 }) dataVersion!: number;
}

/** Every customer-owned top-level row goes with its customer (ON DELETE CASCADE). */
export const BelongsToCustomer = (): PropertyDecorator => (target, property) => {
  ManyToOne(() => CustomerEntity, { onDelete: 'CASCADE' })(target, property);
  JoinColumn({ name: 'customer_id' })(target, property);
};

/** One contact per type (`billing`, `service`); the address is flattened into `address_*`. */
@Entity('contacts')
export class ContactEntity {
  @KeyText() customerId!: string;
  @KeyText() type!: string;
  @Integer() position!: number;
  @NullableText() name!: string | null;
  @NullableText() firstName!: string | null;
  @NullableText() middleName!: string | null;
  @NullableText() lastName!: string | null;
  @NullableText() landLine!: string | null;
  @NullableText() workPhone!: string | null;
  @NullableText() mobilePhone!: string | null;
  @NullableText() fax!: string | null;
  @NullableText() email!: string | null;
  @NullableText() addressStreet!: string | null;
  @NullableText() addressCity!: string | null;
  @NullableText() addressCountry!: string | null;
  @NullableText() addressProvince!: string | null;
  @NullableText() addressPostalCode!: string | null;
  @NullableText() addressState!: string | null;
  @NullableText() addressZip!: string | null;
  @NullableText() addressZip4!: string | null;
  @NullableBool() addressCleansed!: boolean | null;
  @BelongsToCustomer() owner?: CustomerEntity;
}
