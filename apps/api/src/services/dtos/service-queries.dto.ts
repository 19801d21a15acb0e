import { ApiProperty, ApiPropertyOptional } from '../../openapi/openapi-decorators';
import { IsDefined, IsIn, IsNotEmpty, IsOptional, IsString, registerDecorator } from '@curbside/config';
import { LINES_OF_BUSINESS, type LineOfBusiness, STATS_DEFAULT_DAYS, STATS_MAX_DAYS } from '@curbside/domain';
import { ISO_DATE_SCHEMA } from '@curbside/codecs';
import { IsQueryDate } from '../../customer-scope';
import { PageParams } from '../../lists';

/** `GET services`: optionally one line of business. */
export class ServiceListQuery {
  @ApiPropertyOptional({ description: 'Only the services of this line of business', enum: LINES_OF_BUSINESS })
  @IsOptional()
  @IsIn(LINES_OF_BUSINESS, { message: `line_of_business must be one of ${LINES_OF_BUSINESS.join(', ')}` })
  line_of_business?: LineOfBusiness;
}

const YES_NO = ['Y', 'N'] as const;

/** A whole number of days from 1 to `max`, in digits only (no sign, fraction, exponent or spaces). */
function IsNumberOfDays(max: number): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isNumberOfDays',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `$property must be a whole number from 1 to ${max}` },
      validator: { validate: (value: unknown) => typeof value === 'string' && /^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= max },
    });
}

/** `GET services/stats`: the window and the page (CONTRACT §7). */
export class PickupStatsQuery extends PageParams {
  @ApiPropertyOptional({
    description: `How many days back, today included: a whole number from 1 to ${STATS_MAX_DAYS}, in digits`,
    type: 'integer',
    minimum: 1,
    maximum: STATS_MAX_DAYS,
    example: STATS_DEFAULT_DAYS,
    default: STATS_DEFAULT_DAYS,
  })
  @IsOptional()
  @IsNumberOfDays(STATS_MAX_DAYS)
  numberOfdays?: string;

  @ApiPropertyOptional({ description: '`Y` adds a summary block; `N` (the default) does not', enum: YES_NO })
  @IsOptional()
  @IsIn(YES_NO, { message: 'summary must be Y or N' })
  summary?: (typeof YES_NO)[number];
}

/** `GET services/{serviceId}/ETA`. */
export class EtaQuery {
  @ApiProperty({ ...ISO_DATE_SCHEMA, description: 'The day asked about (yyyy-MM-dd, a real calendar day)', example: '2026-06-15' })
  @IsDefined({ message: 'requestDate is required (yyyy-MM-dd)' })
  @IsQueryDate()
  requestDate!: string;

  @ApiPropertyOptional({ description: 'The ticket of the pickup; required for a roll-off service', example: '790678' })
  @IsOptional()
  @IsString()
  @IsNotEmpty({ message: 'ticketNumber must not be empty' })
  ticketNumber?: string;
}
