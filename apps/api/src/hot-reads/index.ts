import { ACTIVITY_READS } from '../activities/activity.hot-reads';
import { CASE_READS } from '../cases/case.hot-reads';
import { INVOICE_READS } from '../invoices/invoice.hot-reads';
import { TICKET_READS } from '../tickets/ticket.hot-reads';
import type { AnyHotRead } from './hot-reads';

/** The customer GETs served from handlers of their own (`serveHotReads`): the hottest reads first. */
export const HOT_READS: readonly AnyHotRead[] = [...TICKET_READS, ...INVOICE_READS, ...CASE_READS, ...ACTIVITY_READS];
