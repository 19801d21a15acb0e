import type { NewEvent } from '@curbside/domain';
import { renderMessage, shortMessage } from './templates';

const event = (type: NewEvent['type'], payload: NewEvent['payload']): NewEvent => ({ customerId: '1000001', type, payload });

describe('renderMessage', () => {
  it.each([
    [event('ticket.created', { ticketId: '5009', status: 'OPEN' }), 'Service ticket 5009 was created (status OPEN)'],
    [
      event('ticket.created', { ticketId: '90000001', status: 'PENDING', loadType: 'MIS', requestType: 'MISSED_PICKUP', serviceId: '5001', date: '2026-11-26' }),
      'We received your missed-pickup report for Thursday, Nov 26 (service ticket 90000001)',
    ],
    [
      event('ticket.created', { ticketId: '90000002', status: 'PENDING', loadType: 'XPU', requestType: 'EXTRA_PICKUP', serviceId: '5001', date: '2026-12-03' }),
      'We received your extra-pickup request for Thursday, Dec 3 (service ticket 90000002)',
    ],
    [event('ticket.status_changed', { ticketId: '5003', from: 'OPEN', to: 'CLOSED' }), 'Service ticket 5003 is now CLOSED (was OPEN)'],
    [event('disposal_ticket.voided', { ticketId: '88', replaceTicketId: '89' }), 'Disposal ticket 88 was voided; it is replaced by ticket 89'],
    [event('pickup.missed', { pickupId: '4401' }), 'Pickup 4401 was missed'],
    [event('case.opened', { caseId: '3309', from: null, to: 'OPEN' }), 'Case 3309 was opened'],
    [event('case.closed', { caseId: '3302', from: 'OPEN', to: 'CLOSED' }), 'Case 3302 was closed'],
    [event('invoice.issued', { invoiceId: '700109', date: '2024-03-01', amount: '187.42' }), 'Invoice 700109 was issued on 2024-03-01 for 187.42'],
  ])('names the record and what happened in the subject and the first line: %j', (change, headline) => {
    const message = renderMessage(change);
    expect(message.subject).toBe(`Curbside: ${headline}`);
    expect(message.text.split('\n')[0]).toBe(`${headline}.`);
    expect(message.html).toContain(`<strong>${headline}.</strong>`);
    expect(shortMessage(change)).toBe(`Curbside: ${headline}.`);
  });

  it('escapes what it puts into HTML', () => {
    expect(renderMessage(event('case.opened', { caseId: '<b>1</b>' })).html).toContain('Case &lt;b&gt;1&lt;/b&gt; was opened');
  });
});
