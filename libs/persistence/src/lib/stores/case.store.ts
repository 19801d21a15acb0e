import type { Case, CaseStatus } from '@curbside/domain';
import { EntityManager } from 'typeorm';
import { CaseAdjustmentEntity, CaseEntity, CaseNoteEntity } from '../entities';
import type { RecordStore } from './record-store';
import { deleteRows } from '../sql/delete-rows';
import { groupBy } from '../sql/group-by';
import { insertRows } from '../sql/insert-rows';
import { inStoredOrder, keysWithin, newestFirst } from '../sql/query-steps';
import { selectRows, withKeys } from '../sql/select-rows';

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

/** The cases of `rows` with their notes and adjustments (child rows, read by the range of those cases' ids). */
export async function withCaseDetails(
  manager: EntityManager,
  customerId: string,
  rows: ReadonlyArray<Omit<CaseEntity, 'customerId'>>,
): Promise<Case[]> {
  if (rows.length === 0) return [];
  // By the range of the cases' ids, not a list of them: what other cases' rows it holds are not looked up below.
  const children = { where: keysWithin('caseId', rows.map((row) => row.id)), order: inStoredOrder('caseId') };
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
