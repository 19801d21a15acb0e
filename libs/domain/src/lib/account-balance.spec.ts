import { accountBalance, lastPayment } from './account-balance';
import type { Balance, BalanceType, Contact, Invoice, InvoiceLine } from './customer';

const contact = (type: 'billing' | 'service', name: string | null) => ({ type, name }) as Contact;

const paymentLine = (date: string | null, amount: string): InvoiceLine => ({
  type: '2',
  description: 'PAYMENT',
  date: null,
  amount: null,
  dueDate: null,
  period: null,
  payment: { amount, date, method: 'CHECK', referenceNumber: null },
});

const invoice = (id: string, payment: { amount: string | null; date: string | null }, lines: InvoiceLine[] = []): Invoice => ({
  id,
  date: '2026-01-01',
  amount: '10.00',
  balanceAmount: '0.00',
  payment: { ...payment, referenceNumber: null },
  lines,
});

const buckets = (amounts: Partial<Record<BalanceType, string>>): Balance[] =>
  Object.entries(amounts).map(([type, amount]) => ({ type: type as BalanceType, date: null, amount }));

describe('accountBalance', () => {
  it('names the billing contact, defaults the IVR fee and has no payment without invoices', () => {
    expect(
      accountBalance({
        contacts: [contact('service', 'Site office'), contact('billing', 'Maria Alvarez')],
        ivrFee: null,
        invoices: [],
        balances: buckets({ Current: '5.00', Total: '5.00' }),
      }),
    ).toEqual({ billingName: 'Maria Alvarez', ivrFee: '0.0', lastPayment: null, balance: [{ bucket: 'Total', amount: '5.00' }] });
  });

  it('keeps an imported IVR fee and has no billing name without a billing contact', () => {
    const result = accountBalance({ contacts: [contact('service', 'x')], ivrFee: '5.0', invoices: [], balances: [] });
    expect(result).toMatchObject({ billingName: null, ivrFee: '5.0', balance: [{ bucket: 'Total', amount: null }] });
  });

  it('lists Total, then the 30 to 120 day buckets that are not zero, in that order', () => {
    const balances = buckets({ Current: '1.00', '120Day': '4.00', '30Day': '2.00', '60Day': '0.00', '90Day': '0', Future: '9.00', Total: '7.00' });
    expect(accountBalance({ contacts: [], ivrFee: null, invoices: [], balances }).balance).toEqual([
      { bucket: 'Total', amount: '7.00' },
      { bucket: '30Day', amount: '2.00' },
      { bucket: '120Day', amount: '4.00' },
    ]);
  });

  it('shows a negative (credit) past-due bucket, which is not zero', () => {
    const balances = buckets({ '60Day': '-3.50', Total: '-3.50' });
    expect(accountBalance({ contacts: [], ivrFee: null, invoices: [], balances }).balance).toEqual([
      { bucket: 'Total', amount: '-3.50' },
      { bucket: '60Day', amount: '-3.50' },
    ]);
  });
});

describe('lastPayment', () => {
  it('takes the newest dated PAYMENT line over any invoice payment_info', () => {
    const invoices = [
      invoice('1', { amount: '99.00', date: '2026-06-30' }, [paymentLine('2026-05-02', '10.00')]),
      invoice('2', { amount: null, date: null }, [paymentLine('2026-05-20', '20.00'), paymentLine(null, '30.00')]),
    ];
    expect(lastPayment(invoices)).toEqual({ amount: '20.00', date: '2026-05-20' });
  });

  it('falls back to the newest invoice payment_info when no line is a dated payment', () => {
    const invoices = [invoice('1', { amount: '12.00', date: '2026-03-01' }), invoice('2', { amount: '15.00', date: '2026-04-01' })];
    expect(lastPayment(invoices)).toEqual({ amount: '15.00', date: '2026-04-01' });
  });

  it('is null when nothing was paid', () => {
    expect(lastPayment([invoice('1', { amount: null, date: null })])).toBeNull();
  });
});
