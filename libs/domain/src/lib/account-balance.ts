import type { Balance, BalanceType, Contact, Invoice } from './customer';
import type { Decimal, LocalDate } from './values';

/** The buckets the balance operation shows: Total always, then the past-due ones that are not zero. */
export const ACCOUNT_BALANCE_BUCKETS = ['Total', '30Day', '60Day', '90Day', '120Day'] as const satisfies readonly BalanceType[];
export type AccountBalanceBucket = (typeof ACCOUNT_BALANCE_BUCKETS)[number];

/** The IVR fee of a customer that has none imported. */
export const DEFAULT_IVR_FEE: Decimal = '0.0';

export interface Payment {
  amount: Decimal | null;
  date: LocalDate;
}

/** The account summary of `GET balance` (CONTRACT §6). */
export interface AccountBalance {
  billingName: string | null;
  ivrFee: Decimal;
  lastPayment: Payment | null;
  balance: Array<{ bucket: AccountBalanceBucket; amount: Decimal | null }>;
}

export interface AccountBalanceSources {
  contacts: readonly Contact[];
  ivrFee: Decimal | null;
  invoices: readonly Invoice[];
  balances: readonly Balance[];
}

const isZero = (amount: Decimal | null): boolean => amount === null || Number(amount) === 0;

/** The dated payment with the latest date (the first such in the list on a tie), or null. */
function newest(payments: ReadonlyArray<{ amount: Decimal | null; date: LocalDate | null }>): Payment | null {
  let found: Payment | null = null;
  for (const { amount, date } of payments) {
    if (date !== null && (found === null || date > found.date)) found = { amount, date };
  }
  return found;
}

/**
 * The newest payment: from the invoices' PAYMENT lines when any is dated, else from the
 * invoices' own payment_info (which the list view carries).
 */
export function lastPayment(invoices: readonly Invoice[]): Payment | null {
  const fromLines = newest(invoices.flatMap((invoice) => invoice.lines.flatMap((line) => (line.payment === null ? [] : [line.payment]))));
  return fromLines ?? newest(invoices.map((invoice) => invoice.payment));
}

/**
 * `GET balance`: the billing contact's name, the IVR fee (default "0.0"), the newest payment,
 * and the Total bucket followed by the 30/60/90/120-day buckets that are not zero. A missing
 * Total bucket shows a null amount.
 */
export function accountBalance({ contacts, ivrFee, invoices, balances }: AccountBalanceSources): AccountBalance {
  const amountOf = (bucket: AccountBalanceBucket): Decimal | null => balances.find((b) => b.type === bucket)?.amount ?? null;
  const [total, ...pastDue] = ACCOUNT_BALANCE_BUCKETS;
  return {
    billingName: contacts.find((contact) => contact.type === 'billing')?.name ?? null,
    ivrFee: ivrFee ?? DEFAULT_IVR_FEE,
    lastPayment: lastPayment(invoices),
    balance: [
      { bucket: total, amount: amountOf(total) },
      ...pastDue.filter((bucket) => !isZero(amountOf(bucket))).map((bucket) => ({ bucket, amount: amountOf(bucket) })),
    ],
  };
}
