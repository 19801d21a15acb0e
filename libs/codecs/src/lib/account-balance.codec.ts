import type { AccountBalance, AccountBalanceBucket } from '@curbside/domain';
import { isoDateShape } from './dates';
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
