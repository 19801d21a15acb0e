import { ROUTES } from '@curbside/contract';
import type { HotRead } from '../hot-reads/hot-reads';
import { LIST_QUERY } from '../hot-reads/query-check';
import type { ListParams } from '../lists';
import { InvoicesController } from './invoices.controller';

/** The invoice list (version 2) and detail (`serveHotReads`); version 1's list sets headers of its own and stays with Nest. */
export const INVOICE_READS: readonly HotRead<InvoicesController>[] = [
  {
    route: ROUTES.listInvoices,
    controller: InvoicesController,
    method: 'list',
    ids: [],
    query: LIST_QUERY,
    serve: (invoices, request, query: ListParams) => invoices.list(request.customer, query, request.paging()),
  },
  {
    route: ROUTES.getInvoice,
    controller: InvoicesController,
    method: 'detail',
    ids: ['invoiceId'],
    query: null,
    serve: (invoices, request) => invoices.detail(request.customer, request.id('invoiceId')),
  },
];
