import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { ID_PATTERN } from '@curbside/domain';
import { ApiErrorCode, ApiException } from '../platform';

/** A record id in the path (`ticketId`, `invoiceId`...): digits, else a 400 naming the parameter. */
@Injectable()
export class RecordIdPipe implements PipeTransform<string, string> {
  transform(value: string, { data }: ArgumentMetadata): string {
    if (ID_PATTERN.test(value)) return value;
    const field = data ?? 'id';
    throw new ApiException(ApiErrorCode.VALIDATION_FAILED, undefined, [{ field, message: `${field} must be 1 to 18 digits` }]);
  }
}
