import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { responses, WireObject } from '@curbside/codecs';
import type { Customer } from '@curbside/domain';
import { ContactRepository } from '@curbside/persistence';
import { CurrentCustomer, CustomerResource } from '../customers';
import { WireResponse } from '../docs';
import { TrackingId } from '../platform';

@ApiTags('contacts')
@Controller('api/v1/customers/:customerId/contacts')
@CustomerResource()
export class ContactsController {
  constructor(private readonly contacts: ContactRepository) {}

  @Get()
  @ApiOperation({
    summary: 'The billing and service contacts (op 8)',
    description: 'US addresses fill state/zip/zip4, Canadian ones province/postal_code; the others are "null".',
  })
  @WireResponse('Contact', 'contacts')
  async list(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer): Promise<WireObject> {
    return responses.contacts(trackingId, await this.contacts.list(customer.id));
  }
}
