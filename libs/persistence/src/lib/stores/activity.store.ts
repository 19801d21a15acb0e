import type { Case, CaseStatus, EmailActivity, IssueActivity, IssueAddress } from '@curbside/domain';
import { EntityManager } from 'typeorm';
import { CaseAdjustmentEntity, CaseEntity, CaseNoteEntity, EmailActivityEntity, IssueActivityEntity } from '../entities';
import { touchCustomers } from './data-version.store';
import type { RecordStore } from './record-store';
import { deleteRows, groupBy, inStoredOrder, insertRows, newestFirst, selectRows, withKeys } from './rows';

export const caseStore: RecordStore<Case> = {
  key: (record) => record.id,
  load: async (manager, customerId, keys) =>
    withCaseDetails(
      manager,
      customerId,
      await selectRows(manager, CaseEntity, customerId, { keys: withKeys('id', keys), order: newestFirst('requestedAt') }),
    ),
  async insert(manager, customerId, cases) {
    await insertRows(
      manager,
      CaseEntity,
      cases.map((record) => toCaseRow(customerId, record)),
    );
    await insertRows(
      manager,
      CaseNoteEntity,
      cases.flatMap(({ id, detail }) =>
        detail.notes.map((note, position) => ({ customerId, caseId: id, position, comment: note.comment })),
      ),
    );
    await insertRows(
      manager,
      CaseAdjustmentEntity,
      cases.flatMap(({ id, detail }) =>
        detail.adjustments.map((adjustment, position) => ({ customerId, caseId: id, position, ...adjustment })),
      ),
    );
  },
  delete: (manager, customerId, keys) => deleteRows(manager, CaseEntity, customerId, 'id', keys),
};

function toCaseRow(customerId: string, { detail, ...summary }: Case): CaseEntity {
  const { notes: _notes, adjustments: _adjustments, requestor, ...columns } = detail;
  return {
    customerId,
    ...summary,
    ...columns,
    requestorName: requestor.name,
    requestorPhone: requestor.phone,
    requestorEmail: requestor.email,
  };
}

/** The cases of `rows` with their notes and adjustments (child rows, read for just those cases). */
export async function withCaseDetails(
  manager: EntityManager,
  customerId: string,
  rows: ReadonlyArray<Omit<CaseEntity, 'customerId'>>,
): Promise<Case[]> {
  if (rows.length === 0) return [];
  const children = { keys: withKeys('caseId', rows.map((row) => row.id)), order: inStoredOrder('caseId') };
  const notes = groupBy(await selectRows(manager, CaseNoteEntity, customerId, children), (note) => note.caseId);
  const adjustments = groupBy(
    await selectRows(manager, CaseAdjustmentEntity, customerId, children),
    (adjustment) => adjustment.caseId,
  );
  return rows.map((row) => ({
    id: row.id,
    description: row.description,
    category: row.category,
    categoryDescription: row.categoryDescription,
    requestedAt: row.requestedAt,
    status: row.status as CaseStatus,
    detail: {
      subCategory: row.subCategory,
      subCategoryDescription: row.subCategoryDescription,
      dueAt: row.dueAt,
      assignedRole: row.assignedRole,
      assignedTo: row.assignedTo,
      statusReasonCode: row.statusReasonCode,
      statusReasonDescription: row.statusReasonDescription,
      source: row.source,
      adjustmentTotalAmount: row.adjustmentTotalAmount,
      notes: (notes.get(row.id) ?? []).map(({ comment }) => ({ comment })),
      requestor: { name: row.requestorName, phone: row.requestorPhone, email: row.requestorEmail },
      adjustments: (adjustments.get(row.id) ?? []).map(({ description, amount, at }) => ({ description, amount, at })),
    },
  }));
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
