import type { EmailActivity } from '@curbside/domain';
import { encodeAuditInfo, readAuditInfo } from './audit-info';
import { dateTimeShape } from './dates';
import { type ObjectReader, dateIn, decodeStrictly, id, text } from './reader';
import { orNull } from './wire';
import type { WireEmailActivity } from '@curbside/contract';

export function readEmailActivity(r: ObjectReader): EmailActivity {
  return {
    id: r.required('id', id),
    userId: r.optional('user_id', id),
    email: r.object('email_info', (e) => ({
      typeId: e.optional('type_id', id),
      typeDescription: e.optional('type_description', text),
      fromAddress: e.optional('from_address', text),
      toAddress: e.optional('to_address', text),
      ccAddress: e.optional('cc_address', text),
      subject: e.optional('subject', text),
      body: e.optional('body', text),
      sentBy: e.optional('sent_by', text),
      sendStatus: e.optional('send_status', text),
      sentAt: e.required('sent_date_time', dateIn(dateTimeShape)),
    })),
    audit: readAuditInfo(r, dateTimeShape),
  };
}

/** Emails sent to the customer: every datetime `yyyy-MM-dd HH:mm:ss`. */
export const emailActivityCodec = {
  /** An entry of the email activity list (operation 14), also the import-file record. */
  encode(activity: EmailActivity): WireEmailActivity {
    const { email } = activity;
    return {
      id: activity.id,
      user_id: orNull(activity.userId),
      email_info: {
        type_id: orNull(email.typeId),
        type_description: orNull(email.typeDescription),
        from_address: orNull(email.fromAddress),
        to_address: orNull(email.toAddress),
        cc_address: orNull(email.ccAddress),
        subject: orNull(email.subject),
        body: orNull(email.body),
        sent_by: orNull(email.sentBy),
        send_status: orNull(email.sendStatus),
        sent_date_time: dateTimeShape.format(email.sentAt),
      },
      audit_info: encodeAuditInfo(activity.audit, dateTimeShape),
    };
  },

  /** Strictly reads an email activity object; throws DecodeError listing every problem. */
  decode(wire: unknown, path = 'email_activity'): EmailActivity {
    return decodeStrictly(wire, path, readEmailActivity);
  },
};
