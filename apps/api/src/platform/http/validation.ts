import { ArgumentMetadata, Type, ValidationError, ValidationPipe } from '@nestjs/common';
import type { ValidatorPackage } from '@nestjs/common/interfaces/external/validator-package.interface';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validate } from '@curbside/config';
import { bounded } from '@curbside/contract';
import { ApiErrorCode, ApiException, FieldError } from '../errors/api.exception';

/**
 * Validation at the edge: unknown members are refused, and a failure is one 400 problem with
 * one `errors` entry per invalid field (nested fields as `preferences[0].category`).
 */
export function createValidationPipe(): ValidationPipe {
  return new EdgeValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    // class-validator without its index (see @curbside/config's validators).
    validatorPackage: { validate, getMetadataStorage } as ValidatorPackage,
    exceptionFactory: (errors) => new ApiException(ApiErrorCode.VALIDATION_FAILED, undefined, fieldErrors(errors)),
  });
}

/**
 * Most list and detail requests send no query string. Whether an empty query is valid depends on its
 * class alone (every rule is a pure function of the value), so once one has passed, later empty queries
 * of that class are only built (the same instance), not validated again.
 */
class EdgeValidationPipe extends ValidationPipe {
  private readonly validWhenEmpty = new WeakSet<Type>();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'query') refuseInheritedNames(value);
    const emptyQuery = metadata.type === 'query' && metadata.metatype !== undefined && isEmpty(value) && this.toValidate(metadata);
    if (emptyQuery && this.validWhenEmpty.has(metadata.metatype as Type)) {
      return plainToInstance(metadata.metatype as Type, value, this.transformOptions);
    }
    const result: unknown = await super.transform(value, metadata);
    if (emptyQuery) this.validWhenEmpty.add(metadata.metatype as Type);
    return result;
  }
}

/** Names every object inherits (`constructor`, `__proto__`, `toString`, ...): no query declares one. */
const INHERITED_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Refuses query parameters named like an Object.prototype member as class-validator refuses any unknown
 * name: its whitelist looks names up in a plain object, where these are found, so they would pass as declared.
 */
function refuseInheritedNames(query: unknown): void {
  if (typeof query !== 'object' || query === null) return;
  const inherited = Object.keys(query).filter((name) => INHERITED_NAMES.has(name));
  if (inherited.length === 0) return;
  const errors = inherited.map((name) => ({ field: bounded(name), message: `property ${bounded(name)} should not exist` }));
  throw new ApiException(ApiErrorCode.VALIDATION_FAILED, undefined, errors);
}

const isEmpty = (value: unknown): boolean => typeof value === 'object' && value !== null && Object.keys(value).length === 0;

export function fieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = fieldPath(parent, error.property);
    // class-validator names the property in its messages ("property x should not exist"): shown bounded as in the field.
    const messages = Object.values(error.constraints ?? {}).map((message) => message.split(error.property).join(bounded(error.property)));
    const own = messages.length > 0 ? [{ field, message: messages.join('; ') }] : [];
    return [...own, ...fieldErrors(error.children ?? [], field)];
  });
}

/** A parameter's or member's path; a name over 40 characters (one the request made up) cut and quoted, as problems show input. */
function fieldPath(parent: string, property: string): string {
  if (parent === '') return bounded(property);
  return /^\d+$/.test(property) ? `${parent}[${property}]` : `${parent}.${bounded(property)}`;
}
