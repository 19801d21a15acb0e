import { Controller, Query } from '@nestjs/common';
import { ApiTags } from '../openapi/openapi-decorators';
import { responses, WireObject } from '@curbside/codecs';
import type { Customer } from '@curbside/domain';
import { EmailActivityRepository, IssueActivityRepository, NoteRepository } from '@curbside/persistence';
import { CurrentCustomer, CustomerResource } from '../customer-scope';
import { ListPaging, ListParams, Paging } from '../lists';
import { WireResponse } from '../openapi';
import { TrackingId, Endpoint } from '../platform';
import { ROUTES } from '@curbside/contract';

/**
 * Neither body of ops 14 and 15 has a request_tracking_id member (the spec's tables have none); the header is still
 * echoed. The notes body has one, as the published page lists it.
 */
@ApiTags('activities')
@Controller()
@CustomerResource()
export class ActivitiesController {
  constructor(
    private readonly emails: EmailActivityRepository,
    private readonly issues: IssueActivityRepository,
    private readonly notes: NoteRepository,
  ) {}

  @Endpoint(ROUTES.listEmailActivities, {
    summary: 'Emails sent to the customer (op 14)',
    description: 'System-generated or sent by a support agent; newest first; fromDate/toDate filter on the send time, both inclusive.',
  })
  @WireResponse('Email activity', 'emailActivities')
  async emailActivities(@CurrentCustomer() customer: Customer, @Query() query: ListParams, @Paging() paging: ListPaging): Promise<WireObject> {
    return responses.emailActivities(await paging.read('email-activities', query, (list) => this.emails.list(customer.id, list)));
  }

  @Endpoint(ROUTES.listIssueActivities, {
    summary: "Issues raised through the portal's contact-us form (op 15)",
    description: 'Newest first; fromDate/toDate filter on the submit date, both inclusive.',
  })
  @WireResponse('Issue activity', 'issueActivities')
  async issueActivities(@CurrentCustomer() customer: Customer, @Query() query: ListParams, @Paging() paging: ListPaging): Promise<WireObject> {
    return responses.issueActivities(await paging.read('issue-activities', query, (list) => this.issues.list(customer.id, list)));
  }

  @Endpoint(ROUTES.listNotes, {
    summary: 'Notes on the account',
    description: 'Newest first; fromDate/toDate filter on note_info.create_date_time, both inclusive.',
  })
  @WireResponse('Notes', 'notes')
  async noteList(
    @TrackingId() trackingId: string,
    @CurrentCustomer() customer: Customer,
    @Query() query: ListParams,
    @Paging() paging: ListPaging,
  ): Promise<WireObject> {
    const page = await paging.read('notes', query, (list) => this.notes.list(customer.id, list));
    return responses.notes(trackingId, page.items);
  }
}
