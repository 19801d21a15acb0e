import { createHmac, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { TokenService } from '@curbside/auth';
import type { ListPosition } from '@curbside/domain';
import { ApiErrorCode, ApiException } from '../platform';

/** Signature length in base64url characters (16 bytes of HMAC-SHA256, a whole number of characters' worth of bits). */
const SIGNATURE_LENGTH = 22;

/**
 * Cursors (CONTRACT §7): a list position, signed with a key derived from the token signing key
 * together with what the cursor is bound to (list, customer, filters), so a cursor that was
 * changed, or is used for another list, customer or filter, is refused. `<position>.<signature>`,
 * both base64url; opaque to clients.
 */
@Injectable()
export class ListCursors {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly tokens: TokenService) {}

  async seal(binding: string, position: ListPosition): Promise<string> {
    const payload = Buffer.from(JSON.stringify([position.date, position.id])).toString('base64url');
    return `${payload}.${await this.sign(binding, payload)}`;
  }

  /** The position a cursor holds; a 400 when it is not one `seal` made for this binding. */
  async open(binding: string, cursor: string): Promise<ListPosition> {
    const [payload, signature, ...rest] = cursor.split('.');
    const expected = await this.sign(binding, payload);
    if (rest.length > 0 || signature === undefined || !sameText(signature, expected)) throw invalidCursor();
    const position: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!isPosition(position)) throw invalidCursor();
    return { date: position[0], id: position[1] };
  }

  private async sign(binding: string, payload: string): Promise<string> {
    const key = await this.signingKey();
    return createHmac('sha256', key).update(binding).update('\n').update(payload).digest('base64url').slice(0, SIGNATURE_LENGTH);
  }

  private signingKey(): Promise<Buffer> {
    this.key ??= this.tokens.derivedKey('list cursors').catch((error: unknown) => {
      this.key = null; // try again on the next request
      throw error;
    });
    return this.key;
  }
}

/** Compares the texts themselves: two base64url texts can differ in unused bits yet decode alike. */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function isPosition(value: unknown): value is [string | null, string] {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    (value[0] === null || typeof value[0] === 'string') &&
    typeof value[1] === 'string'
  );
}

function invalidCursor(): ApiException {
  return new ApiException(ApiErrorCode.VALIDATION_FAILED, 'The cursor is not one this list gave out for this request.', [
    { field: 'cursor', message: 'cursor must be the cursor of a Link rel="next" of the same list, customer and filters' },
  ]);
}
