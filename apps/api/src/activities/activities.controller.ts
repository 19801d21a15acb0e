import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { responses, WireObject } from '@curbside/codecs';
import type { Customer } from '@curbside/domain';
import { EmailActivityRepository, IssueActivityRepository } from '@curbside/persistence';
import { CurrentCustomer, CustomerResource } from '../customers';
import { ListPaging, ListParams, Paging } from '../lists';
import { WireResponse } from '../docs';

/** Neither body has a request_tracking_id member (the spec's tables have none); the header is still echoed. */
@ApiTags('activities')
@Controller('api/v1/customers/:customerId/activities')
@CustomerResource()
export class ActivitiesController {
  constructor(
    private readonly emails: EmailActivityRepository,
    private readonly issues: IssueActivityRepository,
  ) {}

  @Get('email')
  @ApiOperation({
    summary: 'Emails sent to the customer (op 14)',
    description: 'System-generated or sent by a support agent; newest first; fromDate/toDate filter on the send time, both inclusive.',
  })
  @WireResponse('Email activity', 'emailActivities')
  async emailActivities(@CurrentCustomer() customer: Customer, @Query() query: ListParams, @Paging() paging: ListPaging): Promise<WireObject> {
    return responses.emailActivities(await paging.read('email-activities', query, (list) => this.emails.list(customer.id, list)));
  }

  @Get('issues')
  @ApiOperation({
    summary: "Issues raised through the portal's contact-us form (op 15)",
    description: 'Newest first; fromDate/toDate filter on the submit date, both inclusive.',
  })
  @WireResponse('Issue activity', 'issueActivities')
  async issueActivities(@CurrentCustomer() customer: Customer, @Query() query: ListParams, @Paging() paging: ListPaging): Promise<WireObject> {
    return responses.issueActivities(await paging.read('issue-activities', query, (list) => this.issues.list(customer.id, list)));
  }
}
