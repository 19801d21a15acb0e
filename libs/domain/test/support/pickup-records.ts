import type { Pickup } from '../../src/lib/pickups';

/** A pickup record of service 3001 with nothing but what a test names. */
export const pickupRecord = (plannedDate: string, status: Pickup['status'], more: Partial<Pickup> = {}): Pickup => ({
  serviceId: '3001',
  status,
  ticketNumber: null,
  plannedDate,
  orderedDate: null,
  ticketType: null,
  ticketLoadType: null,
  lineOfBusiness: 'RESIDENTIAL',
  exceptionReasonCode: null,
  exceptionClass: null,
  serviceTime: null,
  operations: { routeId: null, routeOrderNumber: null },
  eta: null,
  ...more,
});
