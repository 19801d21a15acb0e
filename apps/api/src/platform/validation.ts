import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiErrorCode, ApiException, FieldError } from './api.exception';

/**
 * Validation at the edge: unknown members are refused, and a failure is one 400 problem with
 * one `errors` entry per invalid field (nested fields as `preferences[0].category`).
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new ApiException(ApiErrorCode.VALIDATION_FAILED, undefined, fieldErrors(errors)),
  });
}

export function fieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = fieldPath(parent, error.property);
    const messages = Object.values(error.constraints ?? {});
    const own = messages.length > 0 ? [{ field, message: messages.join('; ') }] : [];
    return [...own, ...fieldErrors(error.children ?? [], field)];
  });
}

function fieldPath(parent: string, property: string): string {
  if (parent === '') return property;
  return /^\d+$/.test(property) ? `${parent}[${property}]` : `${parent}.${property}`;
}
