import { ApiProperty } from '../../openapi/openapi-decorators';
import { PREFERENCES_UPDATE_MAX_LENGTHS } from '@curbside/codecs';
import { CHANNEL_NAMES, PREFERENCE_CATEGORIES, SELECTION_TYPES } from '@curbside/domain';
import type { ChannelName, PreferenceCategory, SelectionType } from '@curbside/domain';

/*
 * The body of PUT communication-preferences (operation 10, CONTRACT §3), as the OpenAPI document
 * describes it. These classes only document it: the codec (`preferenceCodec.decodeUpdateRequest`)
 * is its one validator, limits included.
 */

const YES_NO = ['Y', 'N'] as const;

export class SelectionUpdateDto {
  @ApiProperty({
    description: 'An email address for BEMAIL and SEMAIL; a phone number (7 to 15 digits) for the MOBILE and PHONE types',
    example: '602-555-0147',
    maxLength: PREFERENCES_UPDATE_MAX_LENGTHS.value,
  })
  value!: string;

  @ApiProperty({
    enum: SELECTION_TYPES,
    description: 'B = billing, S = service contact. The Email channel takes *EMAIL; Text and Voice take *MOBILE and *PHONE.',
    example: 'SMOBILE',
  })
  type!: SelectionType;

  @ApiProperty({ enum: YES_NO, description: 'Whether to notify this destination', example: 'Y' })
  is_opt_in!: (typeof YES_NO)[number];
}

export class ChannelUpdateDto {
  @ApiProperty({ enum: CHANNEL_NAMES, example: 'Text' })
  name!: ChannelName;

  @ApiProperty({ type: [SelectionUpdateDto], minItems: 1, description: 'At most one entry per type' })
  selections!: SelectionUpdateDto[];
}

export class PreferenceUpdateDto {
  @ApiProperty({ enum: PREFERENCE_CATEGORIES, example: 'Service Notification' })
  category!: PreferenceCategory;

  @ApiProperty({ type: [ChannelUpdateDto], minItems: 1, description: 'At most one entry per channel name' })
  channels!: ChannelUpdateDto[];
}

export class ModifiedByDto {
  @ApiProperty({
    description: 'Who made the change; shown as the selections\u2019 audit_info.modified_by',
    example: 'portal',
    maxLength: PREFERENCES_UPDATE_MAX_LENGTHS.modifiedBy,
  })
  modified_by!: string;
}

export class UpdatePreferencesDto {
  @ApiProperty({ type: [PreferenceUpdateDto], minItems: 1, description: 'At least one; at most one entry per category' })
  preferences!: PreferenceUpdateDto[];

  @ApiProperty({ type: ModifiedByDto })
  audit_info!: ModifiedByDto;
}
