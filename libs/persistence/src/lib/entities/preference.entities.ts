import { Entity, JoinColumn, ManyToOne } from 'typeorm';
import { Bool, Integer, KeyInteger, KeyText, NullableText, Text } from './columns';
import { BelongsToCustomer, CustomerEntity } from './customer.entities';

/** Communication preferences: category -> channel -> selections and options. */
@Entity('preference_categories')
export class PreferenceCategoryEntity {
  @KeyText() customerId!: string;
  @KeyText() category!: string;
  @Integer() position!: number;
  @Bool() enabled!: boolean;
  @BelongsToCustomer() owner?: CustomerEntity;
}

@Entity('preference_channels')
export class PreferenceChannelEntity {
  @KeyText() customerId!: string;
  @KeyText() category!: string;
  @KeyText() channel!: string;
  @Integer() position!: number;
  @Bool() optIn!: boolean;

  @ManyToOne(() => PreferenceCategoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'customer_id', referencedColumnName: 'customerId' },
    { name: 'category', referencedColumnName: 'category' },
  ])
  parent?: PreferenceCategoryEntity;
}

const ChannelJoin = (): PropertyDecorator => (target, property) => {
  ManyToOne(() => PreferenceChannelEntity, { onDelete: 'CASCADE' })(target, property);
  JoinColumn([
    { name: 'customer_id', referencedColumnName: 'customerId' },
    { name: 'category', referencedColumnName: 'category' },
    { name: 'channel', referencedColumnName: 'channel' },
  ])(target, property);
};

/** A selection is identified by category + channel + type (as PUT communication-preferences names it). */
@Entity('preference_selections')
export class PreferenceSelectionEntity {
  @KeyText() customerId!: string;
  @KeyText() category!: string;
  @KeyText() channel!: string;
  @KeyText() type!: string;
  @Integer() position!: number;
  @Text() value!: string;
  @Bool() optIn!: boolean;
  @NullableText() createdBy!: string | null;
  @NullableText() createdAt!: string | null;
  @NullableText() modifiedBy!: string | null;
  @NullableText() modifiedAt!: string | null;
  @ChannelJoin() parent?: PreferenceChannelEntity;
}

@Entity('preference_options')
export class PreferenceOptionEntity {
  @KeyText() customerId!: string;
  @KeyText() category!: string;
  @KeyText() channel!: string;
  @KeyInteger() position!: number;
  @Text() type!: string;
  @Text() value!: string;
  @ChannelJoin() parent?: PreferenceChannelEntity;
}
