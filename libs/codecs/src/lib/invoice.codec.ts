import { BALANCE_TYPES, INVOICE_LINE_TYPES } from '@curbside/domain';
import type {
  Balance,
  Id,
  Invoice,
  InvoiceLine,
  InvoiceLineDescription,
  InvoiceLineType,
  InvoicePayment,
  InvoiceSummary,
} from '@curbside/domain';
import { isoDateShape, usDateShape, yearMonthShape } from './dates';
import { type ObjectReader, dateIn, decimal, decodeStrictly, id, oneOf, text } from './reader';
import { type WireObject, dateOrNull, orNull } from './wire';
import type { WireBalance, WireInvoiceLine, WireInvoiceSummary } from '@curbside/contract';

const LINE_TYPES = Object.keys(INVOICE_LINE_TYPES) as InvoiceLineType[];
const LINE_DESCRIPTIONS = Object.values(INVOICE_LINE_TYPES) as InvoiceLineDescription[];
const PAYMENT: InvoiceLineType = '2';

function encodeSummaryPayment(payment: InvoicePayment): WireInvoiceSummary['payment_info'] {
  return {
    amount: orNull(payment.amount),
    date: dateOrNull(isoDateShape, payment.date),
    reference_number: orNull(payment.referenceNumber),
  };
}

/** One operation-6 entry: PAYMENT lines carry payment_info and no amount/date/due_date, other lines the reverse. */
function encodeLine(invoiceId: Id, line: InvoiceLine): WireInvoiceLine {
  const head = { id: invoiceId, type: line.type, description: line.description };
  const period = dateOrNull(yearMonthShape, line.period);
  if (line.type === PAYMENT) {
    const payment = line.payment ?? { amount: null, date: null, method: null, referenceNumber: null };
    return {
      ...head,
      period,
      payment_info: {
        amount: orNull(payment.amount),
        date: dateOrNull(usDateShape, payment.date),
        method: orNull(payment.method),
        reference_number: orNull(payment.referenceNumber),
      },
    };
  }
  return {
    ...head,
    date: dateOrNull(usDateShape, line.date),
    amount: orNull(line.amount),
    due_date: dateOrNull(usDateShape, line.dueDate),
    period,
  };
}

function readSummaryPayment(r: ObjectReader): InvoicePayment {
  return {
    amount: r.optional('amount', decimal),
    date: r.optional('date', dateIn(isoDateShape)),
    referenceNumber: r.optional('reference_number', text),
  };
}

/** Reads one operation-6 entry; its id must be the invoice's (the first entry's, when the invoice's is not known yet). */
function readLine(invoice: { id?: Id }, r: ObjectReader): InvoiceLine {
  const lineId = r.optional('id', id);
  if (lineId !== null && invoice.id !== undefined && lineId !== invoice.id) {
    r.report(r.fieldPath('id'), `must be the invoice's id ${invoice.id}`);
  }
  invoice.id ??= lineId ?? undefined;
  const type: InvoiceLineType | undefined = r.required('type', oneOf(LINE_TYPES));
  const description = r.required('description', oneOf(LINE_DESCRIPTIONS));
  if (type !== undefined && description !== undefined && INVOICE_LINE_TYPES[type] !== description) {
    r.report(r.fieldPath('description'), `type ${type} is described as ${INVOICE_LINE_TYPES[type]}`);
  }
  const period = r.optional('period', dateIn(yearMonthShape));
  if (type === PAYMENT) {
    for (const member of ['date', 'amount', 'due_date']) r.forbid(member, `PAYMENT lines (type 2) carry no ${member}`);
    return { type, description, date: null, amount: null, dueDate: null, period, payment: readLinePayment(r) };
  }
  if (type === undefined) r.raw('payment_info'); // the type is already reported; do not guess which members fit
  else r.forbid('payment_info', 'only PAYMENT lines (type 2) carry payment_info');
  return {
    type,
    description,
    date: r.optional('date', dateIn(usDateShape)),
    amount: r.optional('amount', decimal),
    dueDate: r.optional('due_date', dateIn(usDateShape)),
    period,
    payment: null,
  };
}

function readLinePayment(r: ObjectReader): InvoiceLine['payment'] {
  return r.object('payment_info', (p) => ({
    amount: p.optional('amount', decimal),
    date: p.optional('date', dateIn(usDateShape)),
    method: p.optional('method', text),
    referenceNumber: p.optional('reference_number', text),
  }));
}

/** Reads an entry of the v2 invoice list (operation 5). */
export function readInvoiceSummary(r: ObjectReader): InvoiceSummary {
  return {
    id: r.required('id', id),
    date: r.required('date', dateIn(isoDateShape)),
    amount: r.optional('amount', decimal),
    payment: r.object('payment_info', readSummaryPayment),
    balanceAmount: r.optional('balance_amount', decimal),
  };
}

/** Reads the entries of the invoice detail (operation 6), from `member`: every entry carries the id of the first. */
export function readInvoiceLines(r: ObjectReader, member: string): InvoiceLine[] {
  const invoice: { id?: Id } = {};
  return r.list(member, (line) => readLine(invoice, line));
}

/** Reads an invoice in the import-file shape: the v2 list entry plus its operation-6 `lines`. */
export function readInvoice(r: ObjectReader): Invoice {
  const invoiceId = r.required('id', id);
  return {
    id: invoiceId,
    date: r.required('date', dateIn(isoDateShape)),
    amount: r.optional('amount', decimal),
    balanceAmount: r.optional('balance_amount', decimal),
    payment: r.object('payment_info', readSummaryPayment),
    lines: r.list('lines', (line) => readLine({ id: invoiceId }, line)),
  };
}

export function readBalance(r: ObjectReader): Balance {
  return {
    type: r.required('type', oneOf(BALANCE_TYPES)),
    date: r.optional('date', dateIn(isoDateShape)),
    amount: r.optional('amount', decimal),
  };
}

/** Invoices and balances: the v2 list writes dates `yyyy-MM-dd`, the detail lines `MM/dd/yy` and periods `yyyyMM`. */
export const invoiceCodec = {
  /** An entry of the v2 invoice list (operation 5). */
  encodeSummary(invoice: InvoiceSummary): WireInvoiceSummary {
    return {
      id: invoice.id,
      date: isoDateShape.format(invoice.date),
      amount: orNull(invoice.amount),
      payment_info: encodeSummaryPayment(invoice.payment),
      balance_amount: orNull(invoice.balanceAmount),
    };
  },

  /** The invoice detail entries (operation 6): one per line, each carrying the invoice id. */
  encodeLines(invoice: Invoice): WireInvoiceLine[] {
    return invoice.lines.map((line) => encodeLine(invoice.id, line));
  },

  /** A balance of the v2 invoice list (operation 5), also the import-file record. */
  encodeBalance(balance: Balance): WireBalance {
    return { type: balance.type, date: dateOrNull(isoDateShape, balance.date), amount: orNull(balance.amount) };
  },

  /** The import-file record: `{id, date, amount, balance_amount, payment_info, lines}`. */
  encodeRecord(invoice: Invoice): WireObject {
    return {
      id: invoice.id,
      date: isoDateShape.format(invoice.date),
      amount: orNull(invoice.amount),
      balance_amount: orNull(invoice.balanceAmount),
      payment_info: encodeSummaryPayment(invoice.payment),
      lines: invoiceCodec.encodeLines(invoice),
    };
  },

  /** Strictly reads an import-file invoice record; throws DecodeError listing every problem. */
  decode(wire: unknown, path = 'invoice'): Invoice {
    return decodeStrictly(wire, path, readInvoice);
  },

  /** Strictly reads a balance; throws DecodeError listing every problem. */
  decodeBalance(wire: unknown, path = 'balance'): Balance {
    return decodeStrictly(wire, path, readBalance);
  },
};
