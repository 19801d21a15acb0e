import { Injectable } from '@nestjs/common';
import { DeliveryRepository } from '@curbside/persistence';

/**
 * Lifts the suppression of an email address (CLI `suppressions delete`): emails to it are sent
 * again. False when the address was not suppressed.
 */
@Injectable()
export class LiftSuppression {
  constructor(private readonly deliveries: DeliveryRepository) {}

  execute(address: string): Promise<boolean> {
    return this.deliveries.deleteSuppression(address);
  }
}
