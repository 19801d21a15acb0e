import { CASE_STATUSES } from '@curbside/domain';
import type { Case, CaseDetail } from '@curbside/domain';
import { timestampShape } from './dates';
import { type ObjectReader, dateIn, decimal, decodeStrictly, id, oneOf, text } from './reader';
import { dateOrNull, orNull } from './wire';
import type { WireCase, WireCaseDetail, WireCaseSummary } from '@curbside/contract';

/** The members `cases/{caseId}` adds to the summary (CONTRACT §6); every one optional. */
function readCaseDetail(r: ObjectReader): CaseDetail {
  return {
    subCategory: r.optional('sub_category', text),
    subCategoryDescription: r.optional('sub_category_description', text),
    dueAt: r.optional('due_date_time', dateIn(timestampShape)),
    assignedRole: r.optional('assigned_role', text),
    assignedTo: r.optional('assigned_to', text),
    statusReasonCode: r.optional('status_reason_code', text),
    statusReasonDescription: r.optional('status_reason_description', text),
    source: r.optional('source', text),
    adjustmentTotalAmount: r.optional('adjustment_total_amount', decimal),
    notes: r.list('notes', (n) => ({ comment: n.optional('comment', text) })),
    requestor: r.object('requestor', (q) => ({
      name: q.optional('name', text),
      phone: q.optional('phone', text),
      email: q.optional('email', text),
    })),
    adjustments: r.list('adjustments', (a) => ({
      description: a.optional('description', text),
      amount: a.optional('amount', decimal),
      at: a.optional('date_time', dateIn(timestampShape)),
    })),
  };
}

/** Reads a case in the import-file shape: the summary members, then the detail members. */
export function readCase(r: ObjectReader): Case {
  return {
    id: r.required('case_id', id),
    description: r.optional('description', text),
    category: r.optional('category', text),
    categoryDescription: r.optional('category_description', text),
    requestedAt: r.required('requested_date_time', dateIn(timestampShape)),
    status: r.required('status', oneOf(CASE_STATUSES)),
    detail: readCaseDetail(r),
  };
}

function encodeCaseDetail(detail: CaseDetail): WireCaseDetail {
  return {
    sub_category: orNull(detail.subCategory),
    sub_category_description: orNull(detail.subCategoryDescription),
    due_date_time: dateOrNull(timestampShape, detail.dueAt),
    assigned_role: orNull(detail.assignedRole),
    assigned_to: orNull(detail.assignedTo),
    status_reason_code: orNull(detail.statusReasonCode),
    status_reason_description: orNull(detail.statusReasonDescription),
    source: orNull(detail.source),
    adjustment_total_amount: orNull(detail.adjustmentTotalAmount),
    notes: detail.notes.map((note) => ({ comment: orNull(note.comment) })),
    requestor: {
      name: orNull(detail.requestor.name),
      phone: orNull(detail.requestor.phone),
      email: orNull(detail.requestor.email),
    },
    adjustments: detail.adjustments.map((adjustment) => ({
      description: orNull(adjustment.description),
      amount: orNull(adjustment.amount),
      date_time: dateOrNull(timestampShape, adjustment.at),
    })),
  };
}

/** Cases: `requested_date_time` (and the detail's datetimes) are `yyyy-MM-dd HH:mm:ss.S`. */
export const caseCodec = {
  /** An entry of the case list (operation 7). */
  encode(c: Case): WireCaseSummary {
    return {
      case_id: c.id,
      description: orNull(c.description),
      category: orNull(c.category),
      category_description: orNull(c.categoryDescription),
      requested_date_time: timestampShape.format(c.requestedAt),
      status: c.status,
    };
  },

  /** One case of `cases/{caseId}`: the summary members, then the detail members; also the import-file record. */
  encodeDetail(c: Case): WireCase {
    return { ...caseCodec.encode(c), ...encodeCaseDetail(c.detail) };
  },

  /** Strictly reads a case object; throws DecodeError listing every problem. */
  decode(wire: unknown, path = 'case'): Case {
    return decodeStrictly(wire, path, readCase);
  },
};
