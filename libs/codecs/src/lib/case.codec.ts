import { CASE_STATUSES } from '@curbside/domain';
import type { Case } from '@curbside/domain';
import { timestampShape } from './dates';
import { type ObjectReader, dateIn, decodeStrictly, id, oneOf, text } from './reader';
import { type WireObject, orNull } from './wire';

export function readCase(r: ObjectReader): Case {
  return {
    id: r.required('case_id', id),
    description: r.optional('description', text),
    category: r.optional('category', text),
    categoryDescription: r.optional('category_description', text),
    requestedAt: r.required('requested_date_time', dateIn(timestampShape)),
    status: r.required('status', oneOf(CASE_STATUSES)),
  };
}

/** Cases: `requested_date_time` is `yyyy-MM-dd HH:mm:ss.S`. */
export const caseCodec = {
  /** An entry of the case list (operation 7), also the import-file record. */
  encode(c: Case): WireObject {
    return {
      case_id: c.id,
      description: orNull(c.description),
      category: orNull(c.category),
      category_description: orNull(c.categoryDescription),
      requested_date_time: timestampShape.format(c.requestedAt),
      status: c.status,
    };
  },

  /** Strictly reads a case object; throws DecodeError listing every problem. */
  decode(wire: unknown, path = 'case'): Case {
    return decodeStrictly(wire, path, readCase);
  },
};
