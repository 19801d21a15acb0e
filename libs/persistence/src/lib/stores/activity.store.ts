import type { Case, CaseStatus, EmailActivity, IssueActivity, IssueAddress } from '@curbside/domain';
import { CaseEntity, EmailActivityEntity, IssueActivityEntity } from '../entities';
import type { RecordStore } from './record-store';
import { deleteRows, insertRows, newestFirst, selectRows, withKeys } from './rows';

export const caseStore: RecordStore<Case> = {
  key: (record) => record.id,
  load: async (manager, customerId, keys) =>
    (
      await selectRows(manager, CaseEntity, customerId, {
        keys: withKeys('id', keys),
        order: newestFirst('requestedAt'),
      })
    ).map(toCase),
  insert: (manager, customerId, cases) =>
    insertRows(
      manager,
      CaseEntity,
      cases.map((record) => ({ customerId, ...record })),
    ),
  delete: (manager, customerId, keys) => deleteRows(manager, CaseEntity, customerId, 'id', keys),
};

/** Maps the case columns of a row (an entity or a raw list row with the same names). */
export function toCase(row: Omit<CaseEntity, 'customerId'>): Case {
  return {
    id: row.id,
    description: row.description,
    category: row.category,
    categoryDescription: row.categoryDescription,
    requestedAt: row.requestedAt,
    status: row.status as CaseStatus,
  };
}

export const emailActivityStore: RecordStore<EmailActivity> = {
  key: (activity) => activity.id,
  load: async (manager, customerId, keys) =>
    (
      await selectRows(manager, EmailActivityEntity, customerId, {
        keys: withKeys('id', keys),
        order: newestFirst('sentAt'),
      })
    ).map(toEmailActivity),
  insert: (manager, customerId, activities) =>
    insertRows(
      manager,
      EmailActivityEntity,
      activities.map(({ email, audit, ...activity }) => ({ customerId, ...activity, ...email, ...audit })),
    ),
  delete: (manager, customerId, keys) => deleteRows(manager, EmailActivityEntity, customerId, 'id', keys),
};

export function toEmailActivity(row: Omit<EmailActivityEntity, 'customerId'>): EmailActivity {
  return {
    id: row.id,
    userId: row.userId,
    email: {
      typeId: row.typeId,
      typeDescription: row.typeDescription,
      fromAddress: row.fromAddress,
      toAddress: row.toAddress,
      ccAddress: row.ccAddress,
      subject: row.subject,
      body: row.body,
      sentBy: row.sentBy,
      sendStatus: row.sendStatus,
      sentAt: row.sentAt,
    },
    audit: {
      createdBy: row.createdBy,
      createdAt: row.createdAt,
      modifiedBy: row.modifiedBy,
      modifiedAt: row.modifiedAt,
    },
  };
}

export const issueActivityStore: RecordStore<IssueActivity> = {
  key: (activity) => activity.id,
  load: async (manager, customerId, keys) =>
    (
      await selectRows(manager, IssueActivityEntity, customerId, {
        keys: withKeys('id', keys),
        order: newestFirst('submittedAt'),
      })
    ).map(toIssueActivity),
  insert: (manager, customerId, activities) =>
    insertRows(
      manager,
      IssueActivityEntity,
      activities.map((activity) => toIssueRow(customerId, activity)),
    ),
  delete: (manager, customerId, keys) => deleteRows(manager, IssueActivityEntity, customerId, 'id', keys),
};

function toIssueRow(customerId: string, { id, userId, issue, audit }: IssueActivity): IssueActivityEntity {
  const { billingAddress: billing, serviceAddress: service, ...issueColumns } = issue;
  return {
    customerId,
    id,
    userId,
    ...issueColumns,
    billingStreetAddress: billing.streetAddress,
    billingStreetAddress2: billing.streetAddress2,
    billingCity: billing.city,
    billingState: billing.state,
    billingZipCode: billing.zipCode,
    serviceStreetAddress: service.streetAddress,
    serviceStreetAddress2: service.streetAddress2,
    serviceCity: service.city,
    serviceState: service.state,
    serviceZipCode: service.zipCode,
    ...audit,
  };
}

export function toIssueActivity(row: Omit<IssueActivityEntity, 'customerId'>): IssueActivity {
  const address = (prefix: 'billing' | 'service'): IssueAddress => ({
    streetAddress: row[`${prefix}StreetAddress`],
    streetAddress2: row[`${prefix}StreetAddress2`],
    city: row[`${prefix}City`],
    state: row[`${prefix}State`],
    zipCode: row[`${prefix}ZipCode`],
  });
  return {
    id: row.id,
    userId: row.userId,
    issue: {
      company: row.company,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phoneNumber: row.phoneNumber,
      contactMethod: row.contactMethod,
      description: row.description,
      submittedAt: row.submittedAt,
      status: row.status,
      csrMailbox: row.csrMailbox,
      deviceChannel: row.deviceChannel,
      caseTypeDescription: row.caseTypeDescription,
      caseTypeCode: row.caseTypeCode,
      caseSubTypeDescription: row.caseSubTypeDescription,
      caseSubTypeCode: row.caseSubTypeCode,
      country: row.country,
      billingAddress: address('billing'),
      serviceAddress: address('service'),
    },
    audit: {
      createdBy: row.createdBy,
      createdAt: row.createdAt,
      modifiedBy: row.modifiedBy,
      modifiedAt: row.modifiedAt,
    },
  };
}
