import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { Customer } from '@curbside/domain';
import { CustomerRepository, type VersionedCustomer } from '@curbside/persistence';
import { ApiErrorCode, ApiException } from '../platform';

export interface CustomerRequest {
  params: { customerId: string };
  /** The customer as the access guard's lookup read it, when it did (`GuardedRequest.customerRead`). */
  customerRead?: VersionedCustomer | null;
  customer?: Customer;
  /** The customer's data version: what the answer's ETag and kept body key on (`ResponseCache`). */
  dataVersion?: number;
}

/**
 * A granted customer that does not exist -> 404 (CONTRACT §2). Runs after the access guard,
 * so a customer that is not granted is a 403 whether or not it exists; the customer is the one
 * the access guard read with the client when it did (one statement a request), else read here. The customer it loads
 * stays on the request, with its data version: handlers take it with `@CurrentCustomer()` and never
 * look it up again, and the negotiation guard keys kept answers on the version.
 */
@Injectable()
export class CustomerExistsGuard implements CanActivate {
  constructor(private readonly customers: CustomerRepository) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.check(context.switchToHttp().getRequest<CustomerRequest>());
    return true;
  }

  /** The guard as a plain function, for routes served without Nest's execution context: the customer, or a 404. */
  async check(request: CustomerRequest): Promise<Customer> {
    const found = request.customerRead !== undefined ? request.customerRead : await this.customers.findVersioned(request.params.customerId);
    if (found === null) throw new ApiException(ApiErrorCode.CUSTOMER_NOT_FOUND);
    request.customer = found.customer;
    request.dataVersion = found.dataVersion;
    return found.customer;
  }
}

/** The customer of the route, as `CustomerExistsGuard` resolved it (routes under `@CustomerResource()`). */
export const CurrentCustomer = createParamDecorator((_data: unknown, context: ExecutionContext): Customer => {
  const customer = context.switchToHttp().getRequest<CustomerRequest>().customer;
  if (customer === undefined) throw new Error('CurrentCustomer used on a route without CustomerExistsGuard');
  return customer;
});
