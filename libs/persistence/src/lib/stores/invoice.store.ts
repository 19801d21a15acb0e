import { INVOICE_LINE_TYPES, type Invoice, type InvoiceLine, type InvoiceLineType } from '@curbside/domain';
import { InvoiceEntity, InvoiceLineEntity } from '../entities';
import type { RecordStore } from './record-store';
import { deleteRows } from '../sql/delete-rows';
import { groupBy } from '../sql/group-by';
import { insertRows } from '../sql/insert-rows';
import { inStoredOrder, newestFirst } from '../sql/query-steps';
import { selectRows, withKeys } from '../sql/select-rows';

const PAYMENT: InvoiceLineType = '2';

export const invoiceStore: RecordStore<Invoice> = {
  key: (invoice) => invoice.id,

  async load(manager, customerId, keys) {
    const invoices = await selectRows(manager, InvoiceEntity, customerId, {
      keys: withKeys('id', keys),
      order: newestFirst('date'),
    });
    const lines = await selectRows(manager, InvoiceLineEntity, customerId, {
      keys: withKeys('invoiceId', keys),
      order: inStoredOrder('invoiceId'),
    });
    const linesByInvoice = groupBy(lines, (line) => line.invoiceId);
    return invoices.map((row) => ({ ...toInvoiceSummary(row), lines: (linesByInvoice.get(row.id) ?? []).map(toLine) }));
  },

  async insert(manager, customerId, invoices) {
    await insertRows(
      manager,
      InvoiceEntity,
      invoices.map((invoice) => toInvoiceRow(customerId, invoice)),
    );
    await insertRows(
      manager,
      InvoiceLineEntity,
      invoices.flatMap((invoice) =>
        invoice.lines.map((line, position) => toLineRow(customerId, invoice.id, position, line)),
      ),
    );
  },

  delete: (manager, customerId, keys) => deleteRows(manager, InvoiceEntity, customerId, 'id', keys),
};

/** Maps the invoice columns of a row (an entity or a raw list row with the same names). */
export function toInvoiceSummary(row: Omit<InvoiceEntity, 'customerId'>): Omit<Invoice, 'lines'> {
  return {
    id: row.id,
    date: row.date,
    amount: row.amount,
    balanceAmount: row.balanceAmount,
    payment: { amount: row.paymentAmount, date: row.paymentDate, referenceNumber: row.paymentReferenceNumber },
  };
}

function toInvoiceRow(customerId: string, invoice: Invoice): InvoiceEntity {
  return {
    customerId,
    id: invoice.id,
    date: invoice.date,
    amount: invoice.amount,
    balanceAmount: invoice.balanceAmount,
    paymentAmount: invoice.payment.amount,
    paymentDate: invoice.payment.date,
    paymentReferenceNumber: invoice.payment.referenceNumber,
  };
}

function toLineRow(customerId: string, invoiceId: string, position: number, line: InvoiceLine): InvoiceLineEntity {
  return {
    customerId,
    invoiceId,
    position,
    type: line.type,
    date: line.date,
    amount: line.amount,
    dueDate: line.dueDate,
    period: line.period,
    paymentAmount: line.payment?.amount ?? null,
    paymentDate: line.payment?.date ?? null,
    paymentMethod: line.payment?.method ?? null,
    paymentReferenceNumber: line.payment?.referenceNumber ?? null,
  };
}

function toLine(row: InvoiceLineEntity): InvoiceLine {
  const type = row.type as InvoiceLineType;
  return {
    type,
    description: INVOICE_LINE_TYPES[type],
    date: row.date,
    amount: row.amount,
    dueDate: row.dueDate,
    period: row.period,
    payment:
      type === PAYMENT
        ? {
            amount: row.paymentAmount,
            date: row.paymentDate,
            method: row.paymentMethod,
            referenceNumber: row.paymentReferenceNumber,
          }
        : null,
  };
}
