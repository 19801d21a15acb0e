import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsString, Matches, MaxLength, registerDecorator, ValidateNested } from 'class-validator';
import { preferenceCodec, type PreferencesUpdate } from '@curbside/codecs';
import { CHANNEL_NAMES, PREFERENCE_CATEGORIES, SELECTION_TYPES } from '@curbside/domain';
import type { ChannelName, PreferenceCategory, SelectionType } from '@curbside/domain';
import { decodeBody } from '../../platform';

/*
 * The body of PUT communication-preferences (operation 10, CONTRACT §3). These classes check
 * its shape (members, JSON types, allowed values, non-empty lists) and document it; the
 * rules between values (a value fits its type, a type fits its channel, no duplicates) live
 * in the codec, which `readPreferencesUpdate` applies afterwards.
 */

const YES_NO = ['Y', 'N'] as const;

/** The most characters of a selection's value (an email address: 254, as SMTP carries) and of `modified_by`. */
const VALUE_MAX_LENGTH = 254;
const MODIFIED_BY_MAX_LENGTH = 100;

/** A nested list of objects that must hold at least one; one message when it is not a list or empty. */
const NonEmptyListOf = (type: () => new () => object): PropertyDecorator => {
  const isNonEmptyList: PropertyDecorator = (target, property) =>
    registerDecorator({
      name: 'isNonEmptyList',
      target: target.constructor,
      propertyName: property as string,
      options: { message: '$property must be a list of at least one object' },
      validator: { validate: (value: unknown) => Array.isArray(value) && value.length > 0 },
    });
  const decorators = [isNonEmptyList, ValidateNested({ each: true }), Type(type)];
  return (target, property) => decorators.forEach((decorate) => decorate(target, property));
};

export class SelectionUpdateDto {
  @ApiProperty({
    description: 'An email address for BEMAIL and SEMAIL; a phone number (7 to 15 digits) for the MOBILE and PHONE types',
    example: '602-555-0147',
    maxLength: VALUE_MAX_LENGTH,
  })
  @IsString()
  @MaxLength(VALUE_MAX_LENGTH, { message: `value must be at most ${VALUE_MAX_LENGTH} characters` })
  value!: string;

  @ApiProperty({
    enum: SELECTION_TYPES,
    description: 'B = billing, S = service contact. The Email channel takes *EMAIL; Text and Voice take *MOBILE and *PHONE.',
    example: 'SMOBILE',
  })
  @IsIn(SELECTION_TYPES)
  type!: SelectionType;

  @ApiProperty({ enum: YES_NO, description: 'Whether to notify this destination', example: 'Y' })
  @IsIn(YES_NO)
  is_opt_in!: (typeof YES_NO)[number];
}

export class ChannelUpdateDto {
  @ApiProperty({ enum: CHANNEL_NAMES, example: 'Text' })
  @IsIn(CHANNEL_NAMES)
  name!: ChannelName;

  @ApiProperty({ type: [SelectionUpdateDto], minItems: 1, description: 'At most one entry per type' })
  @NonEmptyListOf(() => SelectionUpdateDto)
  selections!: SelectionUpdateDto[];
}

export class PreferenceUpdateDto {
  @ApiProperty({ enum: PREFERENCE_CATEGORIES, example: 'Service Notification' })
  @IsIn(PREFERENCE_CATEGORIES)
  category!: PreferenceCategory;

  @ApiProperty({ type: [ChannelUpdateDto], minItems: 1, description: 'At most one entry per channel name' })
  @NonEmptyListOf(() => ChannelUpdateDto)
  channels!: ChannelUpdateDto[];
}

export class ModifiedByDto {
  @ApiProperty({
    description: 'Who made the change; shown as the selections\u2019 audit_info.modified_by',
    example: 'portal',
    maxLength: MODIFIED_BY_MAX_LENGTH,
  })
  @IsString()
  @Matches(/\S/, { message: 'modified_by must not be blank' })
  @MaxLength(MODIFIED_BY_MAX_LENGTH, { message: `modified_by must be at most ${MODIFIED_BY_MAX_LENGTH} characters` })
  modified_by!: string;
}

export class UpdatePreferencesDto {
  @ApiProperty({ type: [PreferenceUpdateDto], minItems: 1, description: 'At least one; at most one entry per category' })
  @NonEmptyListOf(() => PreferenceUpdateDto)
  preferences!: PreferenceUpdateDto[];

  @ApiProperty({ type: ModifiedByDto })
  @IsObject()
  @ValidateNested()
  @Type(() => ModifiedByDto)
  audit_info!: ModifiedByDto;
}

/**
 * The selections a well-shaped body asks to change, read by the codec; a value that does not
 * fit its type or channel, or a duplicate, is a 400 naming the field
 * (e.g. `preferences[0].channels[1].selections[0].value`).
 */
export function readPreferencesUpdate(body: UpdatePreferencesDto): PreferencesUpdate {
  return decodeBody(preferenceCodec.decodeUpdateRequest, body);
}
