import { Controller, Param, Query } from '@nestjs/common';
import { ApiTags } from '../openapi/openapi-decorators';
import { responses, WireObject } from '@curbside/codecs';
import type { Customer } from '@curbside/domain';
import { CaseRepository } from '@curbside/persistence';
import { CurrentCustomer, CustomerResource, RecordIdPipe } from '../customer-scope';
import { ListPaging, ListParams, Paging } from '../lists';
import { WireResponse } from '../openapi';
import { ApiErrorCode, ApiException, TrackingId, Endpoint } from '../platform';
import { ROUTES } from '@curbside/contract';

@ApiTags('cases')
@Controller()
@CustomerResource()
export class CasesController {
  constructor(private readonly cases: CaseRepository) {}

  @Endpoint(ROUTES.listCases, {
    summary: 'List cases (op 7)',
    description: 'Non-executable service requests, newest first; fromDate/toDate filter on the requested time, both inclusive.',
  })
  @WireResponse('Case summary', 'caseList')
  async list(
    @TrackingId() trackingId: string,
    @CurrentCustomer() customer: Customer,
    @Query() query: ListParams,
    @Paging() paging: ListPaging,
  ): Promise<WireObject> {
    return responses.caseList(trackingId, await paging.read('cases', query, (list) => this.cases.list(customer.id, list)));
  }

  @Endpoint(ROUTES.getCase, {
    summary: 'One case with its details',
    description:
      '`cases` holds the one case: its summary members (as in the list), then sub-category, due time, assignment, status ' +
      'reason, source, the adjustment total, notes, the requestor and the adjustments (times `yyyy-MM-dd HH:mm:ss.S`).',
  })
  @WireResponse('Case detail', 'caseDetail')
  async detail(
    @TrackingId() trackingId: string,
    @CurrentCustomer() customer: Customer,
    @Param('caseId', RecordIdPipe) caseId: string,
  ): Promise<WireObject> {
    const found = await this.cases.find(customer.id, caseId);
    if (found === null) throw new ApiException(ApiErrorCode.NOT_FOUND, `There is no case ${caseId} for this customer.`);
    return responses.caseDetail(trackingId, found);
  }
}
