import { CurbsideClient, CurbsideProblemError } from '@curbside/client';

// The variables npm start's banner exports (an operator gives you yours).
const { CURBSIDE_URL = 'http://localhost:3000', CLIENT_ID = '', CLIENT_SECRET = '' } = process.env;
const curbside = new CurbsideClient({ baseUrl: CURBSIDE_URL, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });

async function main(): Promise<void> {
  // The open service tickets of this year, every page of them.
  for await (const page of curbside.ticketPages('1000001', { fromDate: '2026-01-01', limit: 100 })) {
    for (const ticket of page.tickets) {
      if (ticket.status === 'OPEN') console.log(ticket.id, ticket.created_date_time);
    }
  }

  // The same for any list, typed by its path template.
  for await (const page of curbside.pages('/api/v1/customers/{customerId}/activities/notes', { path: { customerId: '1000001' }, query: { limit: 20 } })) {
    for (const note of page.activities) console.log(note.note_info.comment);
  }

  // One invoice, line by line; asked again, it is revalidated with its ETag (a 304 costs no body).
  const { invoices: lines } = await curbside.getInvoice('1000001', '10700001');
  for (const line of lines) console.log(line.type, line.description, line.amount ?? line.payment_info?.amount);

  // Any other GET, typed by its path template.
  const { cases, metadata } = await curbside.get('/api/v1/customers/{customerId}/cases', {
    path: { customerId: '1000001' },
    query: { fromDate: '2026-01-01' },
  });
  console.log(`${metadata.totalCount} cases`, cases.map((c) => c.status));

  // Errors are typed problems.
  try {
    await curbside.getTicket('1000001', '999999999');
  } catch (error) {
    if (error instanceof CurbsideProblemError && error.code === 'NOT_FOUND') {
      console.log(`no such ticket (tracking id ${error.request_tracking_id})`);
    } else {
      throw error;
    }
  }
}

void main();
