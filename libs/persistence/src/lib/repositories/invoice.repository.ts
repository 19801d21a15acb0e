import type { Balance, Id, Invoice, InvoiceSummary, ListQuery, Page } from '@curbside/domain';
import { inRead } from '../database';
import { DataSource } from 'typeorm';
import { InvoiceEntity } from '../entities';
import { loadBalances } from '../stores/balance.store';
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

  async find(customerId: Id, id: Id): Promise<Invoice | null> {
    const [invoice] = await inRead(this.dataSource, (manager) => invoiceStore.load(manager, customerId, [id]));
    return invoice ?? null;
  }
}
