import { Injectable } from '@nestjs/common';
import { DeliveryRepository } from '@curbside/persistence';

/**
 * Puts a dead (or suppressed) delivery, or every dead one, back in line with a fresh count of
 * attempts (CLI `deliveries replay`). Returns how many went back.
 */
@Injectable()
export class ReplayDeliveries {
  constructor(private readonly deliveries: DeliveryRepository) {}

  execute(which: number | 'all-dead'): Promise<number> {
    return this.deliveries.replay(which);
  }
}
