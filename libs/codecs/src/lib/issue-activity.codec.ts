import type { IssueActivity, IssueAddress } from '@curbside/domain';
import { encodeAuditInfo, readAuditInfo } from './audit-info';
import { dateTimeShape } from './dates';
import { type ObjectReader, dateIn, decodeStrictly, id, text } from './reader';
import { orNull } from './wire';
import type { WireIssueActivity, WireIssueAddress } from '@curbside/contract';

const encodeAddress = (address: IssueAddress): WireIssueAddress => ({
  street_address: orNull(address.streetAddress),
  street_address2: orNull(address.streetAddress2),
  city: orNull(address.city),
  state: orNull(address.state),
  zip_code: orNull(address.zipCode),
});

const readAddress = (r: ObjectReader): IssueAddress => ({
  streetAddress: r.optional('street_address', text),
  streetAddress2: r.optional('street_address2', text),
  city: r.optional('city', text),
  state: r.optional('state', text),
  zipCode: r.optional('zip_code', text),
});

export function readIssueActivity(r: ObjectReader): IssueActivity {
  return {
    id: r.required('id', id),
    userId: r.optional('user_id', id),
    issue: r.object('issues_info', (i) => ({
      company: i.optional('company', text),
      firstName: i.optional('first_name', text),
      lastName: i.optional('last_name', text),
      email: i.optional('email', text),
      phoneNumber: i.optional('phone_number', text),
      contactMethod: i.optional('contact_method', text),
      description: i.optional('description', text),
      submittedAt: i.required('submit_date', dateIn(dateTimeShape)),
      status: i.optional('status', text),
      csrMailbox: i.optional('csr_mailbox', text),
      deviceChannel: i.optional('device_channel', text),
      caseTypeDescription: i.optional('case_type_description', text),
      caseTypeCode: i.optional('case_type_code', text),
      caseSubTypeDescription: i.optional('case_sub_type_description', text),
      caseSubTypeCode: i.optional('case_sub_type_code', text),
      country: i.optional('country', text),
      billingAddress: i.object('billing_address', readAddress),
      serviceAddress: i.object('service_address', readAddress),
    })),
    audit: readAuditInfo(r, dateTimeShape),
  };
}

/** Issues raised through the portal's contact-us form: every datetime `yyyy-MM-dd HH:mm:ss`. */
export const issueActivityCodec = {
  /** An entry of the issue activity list (operation 15), also the import-file record. */
  encode(activity: IssueActivity): WireIssueActivity {
    const { issue } = activity;
    return {
      id: activity.id,
      user_id: orNull(activity.userId),
      issues_info: {
        company: orNull(issue.company),
        first_name: orNull(issue.firstName),
        last_name: orNull(issue.lastName),
        email: orNull(issue.email),
        phone_number: orNull(issue.phoneNumber),
        contact_method: orNull(issue.contactMethod),
        description: orNull(issue.description),
        submit_date: dateTimeShape.format(issue.submittedAt),
        status: orNull(issue.status),
        csr_mailbox: orNull(issue.csrMailbox),
        device_channel: orNull(issue.deviceChannel),
        case_type_description: orNull(issue.caseTypeDescription),
        case_type_code: orNull(issue.caseTypeCode),
        case_sub_type_description: orNull(issue.caseSubTypeDescription),
        case_sub_type_code: orNull(issue.caseSubTypeCode),
        country: orNull(issue.country),
        billing_address: encodeAddress(issue.billingAddress),
        service_address: encodeAddress(issue.serviceAddress),
      },
      audit_info: encodeAuditInfo(activity.audit, dateTimeShape),
    };
  },

  /** Strictly reads an issue activity object; throws DecodeError listing every problem. */
  decode(wire: unknown, path = 'issue_activity'): IssueActivity {
    return decodeStrictly(wire, path, readIssueActivity);
  },
};
