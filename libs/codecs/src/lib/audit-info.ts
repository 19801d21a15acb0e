import type { AuditInfo, LocalDateTime } from '@curbside/domain';
import type { DateShape } from './dates';
import { type ObjectReader, dateIn, text } from './reader';
import { dateOrNull, orNull } from './wire';
import type { WireAuditInfo } from '@curbside/contract';

/** `audit_info: {created_by, created_date_time, modified_by, modified_date_time}`, datetimes in `shape`. */
export function encodeAuditInfo(audit: AuditInfo, shape: DateShape<LocalDateTime>): WireAuditInfo {
  return {
    created_by: orNull(audit.createdBy),
    created_date_time: dateOrNull(shape, audit.createdAt),
    modified_by: orNull(audit.modifiedBy),
    modified_date_time: dateOrNull(shape, audit.modifiedAt),
  };
}

/** Reads `audit_info`; `modifiedAtRequired` where the record's lists filter on it. */
export function readAuditInfo(
  r: ObjectReader,
  shape: DateShape<LocalDateTime>,
  modifiedAtRequired = false,
): AuditInfo {
  return r.object('audit_info', (a) => ({
    createdBy: a.optional('created_by', text),
    createdAt: a.optional('created_date_time', dateIn(shape)),
    modifiedBy: a.optional('modified_by', text),
    modifiedAt: modifiedAtRequired
      ? a.required('modified_date_time', dateIn(shape))
      : a.optional('modified_date_time', dateIn(shape)),
  }));
}
