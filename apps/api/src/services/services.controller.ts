import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { responses, WireObject } from '@curbside/codecs';
import type { Customer } from '@curbside/domain';
import { ServiceRepository } from '@curbside/persistence';
import { CurrentCustomer, CustomerResource } from '../customers';
import { WireResponse } from '../docs';
import { TrackingId } from '../platform';

/** Three views of the customer's services, every service (active or not) by id. */
@ApiTags('services')
@Controller('api/v1/customers/:customerId/services')
@CustomerResource()
export class ServicesController {
  constructor(private readonly services: ServiceRepository) {}

  @Get('prices/invoice-fees')
  @ApiOperation({
    summary: 'Invoice fees of each service (op 11)',
    description: 'Fuel, environmental and regulatory cost recovery fees, per service; metadata.totalCount counts the services.',
  })
  @WireResponse('Invoice fees of services', 'invoiceFees')
  async invoiceFees(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer): Promise<WireObject> {
    return responses.invoiceFees(trackingId, await this.services.list(customer.id));
  }

  @Get('prices')
  @ApiOperation({ summary: 'Base monthly price of each service (op 12)' })
  @WireResponse('Service prices', 'servicePrices')
  async prices(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer): Promise<WireObject> {
    return responses.servicePrices(trackingId, await this.services.list(customer.id));
  }

  @Get('materials')
  @ApiOperation({ summary: 'Catalog entry, material and price of each service (op 13)' })
  @WireResponse('Service materials', 'serviceMaterials')
  async materials(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer): Promise<WireObject> {
    return responses.serviceMaterials(trackingId, await this.services.list(customer.id));
  }
}
