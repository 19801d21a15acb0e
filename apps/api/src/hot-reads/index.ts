import { TICKET_READS } from '../tickets/ticket.hot-reads';
import type { AnyHotRead } from './hot-reads';

/** The customer GETs served from handlers of their own (`serveHotReads`): the hottest reads first. */
export const HOT_READS: readonly AnyHotRead[] = [...TICKET_READS];
