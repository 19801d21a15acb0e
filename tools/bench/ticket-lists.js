'use strict';
/** Service-ticket list bodies of any length, built by the codecs as the API builds them (needs the build). */
const { responses } = require('@curbside/codecs');

const ticket = (i) => ({
  id: String(3_000_000 + i),
  status: 'OPEN',
  loadType: 'XPU',
  loadDescription: 'Extra pickup',
  createdAt: '2026-06-12T08:00:17.000',
  dispatchedAt: null,
  serviceCodes: ['BLK', 'XBG'],
});

const ticketList = (count, trackingId = '7d0c2a4e-5b1f-4f7e-9a51-2f0e4c1d8b93') =>
  responses.ticketList(trackingId, { items: Array.from({ length: count }, (_, i) => ticket(i)), totalCount: count });

module.exports = { ticketList };
