import { ApiPropertyOptional } from '../openapi/openapi-decorators';
import { IsOptional, registerDecorator, ValidationOptions } from '@curbside/config';
import { DateRange } from '@curbside/domain';
import { DecodeError, ISO_DATE_SCHEMA, parseQueryDate } from '@curbside/codecs';
import { quoted } from '@curbside/contract';
import { ApiErrorCode, ApiException } from '../platform';

/** A real calendar day written `yyyy-MM-dd`. */
export function IsQueryDate(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isQueryDate',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: '$property must be a real calendar day written yyyy-MM-dd', ...options },
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string') return false;
          try {
            parseQueryDate(value);
            return true;
          } catch (error) {
            if (error instanceof DecodeError) return false;
            throw error;
          }
        },
      },
    });
}

/** `fromDate`/`toDate` of the list operations: both inclusive, either may be left out. */
export class DateRangeQuery {
  @ApiPropertyOptional({ ...ISO_DATE_SCHEMA, description: 'First day, inclusive (yyyy-MM-dd, a real calendar day)', example: '2026-01-01' })
  @IsOptional()
  @IsQueryDate()
  fromDate?: string;

  @ApiPropertyOptional({ ...ISO_DATE_SCHEMA, description: 'Last day, inclusive (yyyy-MM-dd, a real calendar day)', example: '2026-12-31' })
  @IsOptional()
  @IsQueryDate()
  toDate?: string;
}

/** The validated query as a domain range; `fromDate` after `toDate` is a 400. */
export function toDateRange({ fromDate, toDate }: DateRangeQuery): DateRange {
  if (fromDate !== undefined && toDate !== undefined && fromDate > toDate) {
    throw new ApiException(ApiErrorCode.VALIDATION_FAILED, 'fromDate must not be after toDate.', [
      { field: 'fromDate', message: `fromDate (${quoted(fromDate)}) is after toDate (${quoted(toDate)})` },
    ]);
  }
  return { from: fromDate ?? null, to: toDate ?? null };
}
