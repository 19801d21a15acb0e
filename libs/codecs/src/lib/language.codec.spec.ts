import { DecodeError } from './errors';
import { languageCodec } from './language.codec';

/** The issues of a body the codec refuses. */
function issuesOf(body: unknown): Array<{ field: string; message: string }> {
  try {
    languageCodec.decodeUpdateRequest(body);
  } catch (error) {
    if (error instanceof DecodeError) return error.issues.map(({ field, message }) => ({ field, message }));
    throw error;
  }
  throw new Error('expected a DecodeError');
}

describe('languageCodec.decodeUpdateRequest (CONTRACT §11)', () => {
  it('reads the tag as sent, and "null" as clearing it', () => {
    expect(languageCodec.decodeUpdateRequest({ language: 'zh-hant' })).toEqual({ language: 'zh-hant' });
    expect(languageCodec.decodeUpdateRequest({ language: 'null' })).toEqual({ language: null });
  });

  it.each([
    [{}, 'language', 'is required ("null" clears the language)'],
    [{ language: null }, 'language', 'expected a string, got null'],
    [{ language: 7 }, 'language', 'expected a string, got a number'],
    [{ language: ' ' }, 'language', 'must not be blank'],
    [{ language: 'x'.repeat(36) }, 'language', 'expected at most 35 characters, got 36'],
    [{ language: 'es', audit_info: { modified_by: 'me' } }, 'audit_info', 'unknown member'],
    [['es'], '', 'expected an object, got an array'],
  ])('refuses %j, naming %s', (body, field, message) => {
    expect(issuesOf(body)).toContainEqual({ field, message });
  });
});
