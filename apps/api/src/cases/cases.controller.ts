import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { responses, WireObject } from '@curbside/codecs';
import type { Customer } from '@curbside/domain';
import { CaseRepository } from '@curbside/persistence';
import { CurrentCustomer, CustomerResource } from '../customers';
import { ListPaging, ListParams, Paging } from '../lists';
import { WireResponse } from '../docs';
import { TrackingId } from '../platform';

@ApiTags('cases')
@Controller('api/v1/customers/:customerId/cases')
@CustomerResource()
export class CasesController {
  constructor(private readonly cases: CaseRepository) {}

  @Get()
  @ApiOperation({
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
}
