import type { DisposalTicket, Invoice, ServiceTicket } from './customer';
import { summarizeDisposalTicket, summarizeInvoice, summarizeServiceTicket } from './summaries';

describe('list views', () => {
  it('summarizes a service ticket with the codes of its services, in order', () => {
    const ticket = {
      id: '5001',
      status: 'OPEN',
      loadType: 'XPU',
      loadDescription: 'Extra pickup',
      createdAt: '2026-06-12T08:00:17.000',
      dispatchedAt: null,
      comments: 'not in the summary',
      services: [{ code: 'MSW' }, { code: 'BLK' }],
    } as unknown as ServiceTicket;
    expect(summarizeServiceTicket(ticket)).toEqual({
      id: '5001',
      status: 'OPEN',
      loadType: 'XPU',
      loadDescription: 'Extra pickup',
      createdAt: '2026-06-12T08:00:17.000',
      dispatchedAt: null,
      serviceCodes: ['MSW', 'BLK'],
    });
  });

  it("dates a disposal ticket by its last modification and names it by its site", () => {
    const ticket = {
      id: '880001',
      status: 'COMPLETED',
      amount: '120.50',
      site: { id: 'SKY-11', name: 'Skyline Landfill' },
      audit: { modifiedAt: '2026-06-11T09:00:00.500', createdAt: '2026-06-11T07:12:31.000' },
    } as unknown as DisposalTicket;
    expect(summarizeDisposalTicket(ticket)).toEqual({ id: '880001', status: 'COMPLETED', amount: '120.50', siteName: 'Skyline Landfill', date: '2026-06-11T09:00:00.500' });
  });

  it('leaves the lines out of an invoice summary', () => {
    const invoice = { id: '7001', date: '2026-06-10', amount: '58.20', balanceAmount: '0.00', payment: {}, lines: [{}] } as unknown as Invoice;
    expect(summarizeInvoice(invoice)).toEqual({ id: '7001', date: '2026-06-10', amount: '58.20', balanceAmount: '0.00', payment: {} });
  });
});
