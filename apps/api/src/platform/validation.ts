import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiErrorCode, ApiException, FieldError } from './api.exception';

/** JSON bodies nested deeper than this are refused before anything walks them recursively. */
export const MAX_BODY_DEPTH = 32;

/**
 * Validation at the edge: unknown members are refused, and a failure is one 400 problem with
 * one `errors` entry per invalid field (nested fields as `preferences[0].category`).
 */
export function createValidationPipe(): ValidationPipe {
  return new EdgeValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new ApiException(ApiErrorCode.VALIDATION_FAILED, undefined, fieldErrors(errors)),
  });
}

/** class-transformer recurses once per level: a body a few thousand levels deep would overflow the stack (a 500). */
class EdgeValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && isDeeperThan(value, MAX_BODY_DEPTH)) {
      throw new ApiException(ApiErrorCode.BAD_REQUEST, `The JSON body is nested deeper than ${MAX_BODY_DEPTH} levels.`);
    }
    return super.transform(value, metadata);
  }
}

/** Whether `value` nests objects or arrays deeper than `limit`; walks without recursion. */
function isDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
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
