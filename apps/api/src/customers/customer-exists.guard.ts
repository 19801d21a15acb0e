import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { CustomerRepository } from '@curbside/persistence';
import { ApiErrorCode, ApiException } from '../platform';

/**
 * A granted customer that does not exist -> 404 (CONTRACT §2). Runs after the access guard,
 * so a customer that is not granted is a 403 whether or not it exists.
 */
@Injectable()
export class CustomerExistsGuard implements CanActivate {
  constructor(private readonly customers: CustomerRepository) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { customerId } = context.switchToHttp().getRequest<{ params: { customerId: string } }>().params;
    if (!(await this.customers.exists(customerId))) throw new ApiException(ApiErrorCode.CUSTOMER_NOT_FOUND);
    return true;
  }
}
