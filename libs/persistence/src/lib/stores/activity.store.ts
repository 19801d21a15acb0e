import type { EmailActivity, IssueActivity, IssueAddress } from '@curbside/domain';
import { EntityManager } from 'typeorm';
import { EmailActivityEntity, IssueActivityEntity } from '../entities';
import { touchCustomers } from './data-version.store';
import type { RecordStore } from './record-store';
import { deleteRows } from '../sql/delete-rows';
import { insertRows } from '../sql/insert-rows';
import { newestFirst } from '../sql/query-steps';
import { selectRows, withKeys } from '../sql/select-rows';

export const emailActivityStore: RecordStore<EmailActivity> = {
  key: (activity) => activity.id,
  load: async (manager, customerId, keys) =>
    (
      await selectRows(manager, EmailActivityEntity, customerId, {
        keys: withKeys('id', keys),
        order: newestFirst('sentAt'),
      })
    ).map(toEmailActivity),
  // The import's own update of the customer's row bumps its data version (bumpedDataVersion).
  insert: (manager, customerId, activities) => insertEmailActivityRows(manager, activities.map((activity) => ({ customerId, activity }))),
  delete: (manager, customerId, keys) => deleteRows(manager, EmailActivityEntity, customerId, 'id', keys),
};

type CustomerEmailActivity = { customerId: string; activity: EmailActivity };

/** Inserts email activities of any customers, in as few statements as the parameter limit allows, and bumps their data versions. */
export async function insertEmailActivities(manager: EntityManager, activities: readonly CustomerEmailActivity[]): Promise<void> {
  await insertEmailActivityRows(manager, activities);
  await touchCustomers(manager, activities.map(({ customerId }) => customerId));
}

async function insertEmailActivityRows(manager: EntityManager, activities: readonly CustomerEmailActivity[]): Promise<void> {
  await insertRows(
    manager,
    EmailActivityEntity,
    activities.map(({ customerId, activity: { email, audit, ...activity } }) => ({ customerId, ...activity, ...email, ...audit })),
  );
}

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
