import { ACCOUNT_BALANCE_BUCKETS } from '@curbside/domain';
import type { AccountBalance, AccountBalanceBucket } from '@curbside/domain';
import { isoDateShape } from './dates';
import { type ObjectReader, dateIn, decimal, oneOf, text } from './reader';
import { dateOrNull, orNull } from './wire';
import type { WireAccountBalance } from '@curbside/contract';

/** The bucket names of the balance operation, which differ from those of the invoice list. */
const BUCKET_NAMES: Record<AccountBalanceBucket, string> = {
  Total: 'total',
  '30Day': '30-Day',
  '60Day': '60-Day',
  '90Day': '90-Day',
  '120Day': '120-Day',
};

const BUCKET_OF_NAME = new Map(ACCOUNT_BALANCE_BUCKETS.map((bucket) => [BUCKET_NAMES[bucket], bucket]));

/** Reads the members `accountBalanceCodec.encode` writes; a payment without a date is no payment (both "null"). */
export function readAccountBalance(r: ObjectReader): AccountBalance {
  const amount = r.optional('last_payment_amount', decimal);
  const date = r.optional('last_payment_date', dateIn(isoDateShape));
  if (date === null && amount !== null) r.report(r.fieldPath('last_payment_date'), 'is required with last_payment_amount');
  return {
    billingName: r.optional('billing_name', text),
    ivrFee: r.required('ivr_fee', decimal),
    lastPayment: date === null ? null : { amount, date },
    balance: r.list('balance', (b) => ({
      bucket: BUCKET_OF_NAME.get(b.required('type', oneOf([...BUCKET_OF_NAME.keys()]))) as AccountBalanceBucket,
      amount: b.optional('amount', decimal),
    })),
  };
}

/** `GET balance`: the payment date `yyyy-MM-dd`; no payment writes both members as "null". */
export const accountBalanceCodec = {
  encode(account: AccountBalance): WireAccountBalance {
    return {
      billing_name: orNull(account.billingName),
      ivr_fee: account.ivrFee,
      last_payment_amount: orNull(account.lastPayment?.amount ?? null),
      last_payment_date: dateOrNull(isoDateShape, account.lastPayment?.date ?? null),
      balance: account.balance.map(({ bucket, amount }) => ({ type: BUCKET_NAMES[bucket], amount: orNull(amount) })),
    };
  },
};
