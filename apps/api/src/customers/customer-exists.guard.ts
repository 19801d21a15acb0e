import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { Customer } from '@curbside/domain';
import { CustomerRepository } from '@curbside/persistence';
import { ApiErrorCode, ApiException } from '../platform';

interface CustomerRequest {
  params: { customerId: string };
  customer?: Customer;
}

/**
 * A granted customer that does not exist -> 404 (CONTRACT §2). Runs after the access guard,
 * so a customer that is not granted is a 403 whether or not it exists. The customer it loads
 * stays on the request: handlers take it with `@CurrentCustomer()` and never look it up again.
 */
@Injectable()
export class CustomerExistsGuard implements CanActivate {
  constructor(private readonly customers: CustomerRepository) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<CustomerRequest>();
    const customer = await this.customers.find(request.params.customerId);
    if (customer === null) throw new ApiException(ApiErrorCode.CUSTOMER_NOT_FOUND);
    request.customer = customer;
    return true;
  }
}

/** The customer of the route, as `CustomerExistsGuard` resolved it (routes under `@CustomerResource()`). */
export const CurrentCustomer = createParamDecorator((_data: unknown, context: ExecutionContext): Customer => {
  const customer = context.switchToHttp().getRequest<CustomerRequest>().customer;
  if (customer === undefined) throw new Error('CurrentCustomer used on a route without CustomerExistsGuard');
  return customer;
});
