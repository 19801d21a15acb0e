import type { AccountBalanceSources, Balance, Id, Invoice, InvoiceSummary, ListQuery, Page } from '@curbside/domain';
import { inRead } from '../database/index';
import { DataSource, EntityManager } from 'typeorm';
import { InvoiceEntity } from '../entities';
import { loadBalances } from '../stores/balance.store';
import { contactStore } from '../stores/contact.store';
import { invoiceStore, toInvoiceSummary } from '../stores/invoice.store';
import { mapItems, selectRowPage } from '../sql/select-page';

/** Invoices dated within the range, newest first. */
async function invoicePage(manager: EntityManager, customerId: Id, list: ListQuery): Promise<Page<InvoiceSummary>> {
  return mapItems(await selectRowPage(manager, InvoiceEntity, customerId, 'date', list), toInvoiceSummary);
}

export class InvoiceRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * A page of the invoices dated within the range, newest first, and the customer's aging balances
   * in their stored order, read together (one snapshot): the invoice list's body.
   */
  listWithBalances(customerId: Id, list: ListQuery): Promise<{ invoices: Page<InvoiceSummary>; balances: Balance[] }> {
    return inRead(this.dataSource, async (manager) => ({
      invoices: await invoicePage(manager, customerId, list),
      balances: await loadBalances(manager, customerId),
    }));
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
