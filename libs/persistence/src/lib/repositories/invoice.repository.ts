import type { AccountBalanceSources, Balance, Id, Invoice, InvoiceSummary, ListQuery, Page } from '@curbside/domain';
import { inRead } from '../database';
import { DataSource } from 'typeorm';
import { InvoiceEntity } from '../entities';
import { loadBalances } from '../stores/balance.store';
import { contactStore } from '../stores/contact.store';
import { invoiceStore, toInvoiceSummary } from '../stores/invoice.store';
import { mapItems, selectRowPage } from '../stores/rows';

export class InvoiceRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Invoices dated within the range, newest first. */
  async list(customerId: Id, list: ListQuery): Promise<Page<InvoiceSummary>> {
    const page = await inRead(this.dataSource, (manager) => selectRowPage(manager, InvoiceEntity, customerId, 'date', list));
    return mapItems(page, toInvoiceSummary);
  }

  /** The customer's aging balances, in their stored order. */
  balances(customerId: Id): Promise<Balance[]> {
    return inRead(this.dataSource, (manager) => loadBalances(manager, customerId));
  }

  /** What `GET balance` is derived from, read together: contacts, every invoice with its lines, the aging balances. */
  accountSources(customerId: Id): Promise<Omit<AccountBalanceSources, 'ivrFee'>> {
    return inRead(this.dataSource, async (manager) => ({
      contacts: await contactStore.load(manager, customerId),
      invoices: await invoiceStore.load(manager, customerId),
      balances: await loadBalances(manager, customerId),
    }));
  }

  async find(customerId: Id, id: Id): Promise<Invoice | null> {
    const [invoice] = await inRead(this.dataSource, (manager) => invoiceStore.load(manager, customerId, [id]));
    return invoice ?? null;
  }
}
