import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiParam } from '../openapi/openapi-decorators';
import { CustomerApi } from '../openapi';
import { CustomerExistsGuard } from './customer-exists.guard';

/**
 * The class decorator of every controller under `customers/:customerId`: authentication and
 * grants (CustomerApi), then the customer's existence, and the path parameter's doc.
 */
export function CustomerResource(): ClassDecorator {
  return applyDecorators(
    CustomerApi(),
    UseGuards(CustomerExistsGuard),
    ApiParam({ name: 'customerId', type: String, description: 'Customer identifier (digits)', example: '1000001' }),
  );
}
