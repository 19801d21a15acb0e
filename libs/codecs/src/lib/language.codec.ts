import type { CustomerLanguage, LanguageTag } from '@curbside/domain';
import type { CustomerLanguageBody } from '@curbside/contract';
import { dateTimeShape } from './dates';
import { type ObjectReader, atMost, dateIn, decodeStrictly, nonBlank, readStrings, text } from './reader';
import { dateOrNull, orNull } from './wire';

/** The most characters a tag may have: what RFC 5646 (§4.4.1) asks every implementation to take. */
export const LANGUAGE_TAG_MAX_LENGTH = 35;

/** The body of PUT language, read: the tag as sent (which offered language it names is the use case's to say), or null to clear. */
export interface LanguageUpdate {
  language: string | null;
}

function readUpdateRequest(r: ObjectReader): LanguageUpdate {
  if (!r.has('language')) {
    r.report(r.fieldPath('language'), 'is required ("null" clears the language)');
    return { language: null };
  }
  return { language: r.optional('language', atMost(LANGUAGE_TAG_MAX_LENGTH, nonBlank)) };
}

const REQUEST_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['language'],
  properties: {
    language: {
      type: 'string',
      maxLength: LANGUAGE_TAG_MAX_LENGTH,
      description:
        'A BCP 47 tag among `offered`, matched without regard to case and stored in its canonical form (`ES` is `es`, `zh-hant` `zh-Hant`, `fil` `tl`); `"null"` clears the language. A tag not offered: 422 UNSUPPORTED_LANGUAGE, nothing written.',
      example: 'es',
    },
  },
};

/** GET and PUT language's answer read: the customer's language and the languages the hauler offers. */
export interface LanguageAnswer {
  /** The customer's language (null until set), who set it and when. */
  language: CustomerLanguage;
  /** The languages the hauler offers, as the API writes them. */
  offered: LanguageTag[];
}

/** Reads the members `languageCodec.encode` writes, but the tracking id. */
export function readLanguageAnswer(r: ObjectReader): LanguageAnswer {
  const language = r.optional('language', nonBlank);
  const offered = readStrings(r, 'offered', nonBlank);
  const audit = r.object('audit_info', (a) => ({ modifiedBy: a.optional('modified_by', text), modifiedAt: a.optional('modified_date_time', dateIn(dateTimeShape)) }));
  return { language: { language, ...audit }, offered };
}

/** A customer's language (CONTRACT §11): its GET and PUT body, and the PUT's request. */
export const languageCodec = {
  /** `{request_tracking_id, language, offered, audit_info: {modified_by, modified_date_time}}`; absent values are "null". */
  encode(trackingId: string, { language, modifiedBy, modifiedAt }: CustomerLanguage, offered: readonly LanguageTag[]): CustomerLanguageBody {
    return {
      request_tracking_id: trackingId,
      language: orNull(language),
      offered: [...offered],
      audit_info: { modified_by: orNull(modifiedBy), modified_date_time: dateOrNull(dateTimeShape, modifiedAt) },
    };
  },

  /** Strictly reads the body of PUT language, `{"language": "<tag>"}`: a missing, unknown or non-string member is one DecodeError listing them all. */
  decodeUpdateRequest(body: unknown): LanguageUpdate {
    return decodeStrictly(body, '', readUpdateRequest);
  },

  /** The JSON Schema of that body, for the OpenAPI document. */
  schema: (): Record<string, unknown> => structuredClone(REQUEST_SCHEMA),
};
