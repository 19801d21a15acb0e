import { Column, PrimaryColumn } from 'typeorm';

/*
 * The few column shapes every table is built from. Identifiers, money and decimals are
 * text: the domain keeps them as the strings the interface wrote (18-digit ids exceed a
 * JavaScript number, amounts must round-trip exactly). Dates and datetimes are text too,
 * in the domain's canonical zoneless form (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm:ss.SSS`): the
 * interface never names a time zone, so there is nothing to convert, and the fixed-width
 * form sorts and compares lexically the same on every database.
 */
export const KeyText = (): PropertyDecorator => PrimaryColumn({ type: 'text' });
export const KeyInteger = (): PropertyDecorator => PrimaryColumn({ type: 'integer' });
export const Text = (): PropertyDecorator => Column({ type: 'text' });
export const NullableText = (): PropertyDecorator => Column({ type: 'text', nullable: true });
export const Integer = (): PropertyDecorator => Column({ type: 'integer' });
export const NullableInteger = (): PropertyDecorator => Column({ type: 'integer', nullable: true });
export const Bool = (): PropertyDecorator => Column({ type: 'boolean' });
export const NullableBool = (): PropertyDecorator => Column({ type: 'boolean', nullable: true });
