import type { Metrics } from '@curbside/runtime';
import type { Notifier } from '@curbside/notifications';
import type { DeliveryRepository } from '@curbside/persistence';
import { Counter, Gauge } from 'prom-client';

/** The notifier's own series, beside the core's (database pool, event-loop lag): deliveries by outcome, and the queue. */
export function observeDeliveries(metrics: Metrics, notifier: Notifier, deliveries: DeliveryRepository): void {
  const outcomes = new Counter({
    name: 'curbside_notifier_deliveries_total',
    help: 'Tries of a delivery by channel and outcome: delivered, retrying (a temporary failure), dead, or suppressed (an email to a suppressed address, not tried)',
    labelNames: ['channel', 'outcome'],
    registers: [metrics.registry],
  });
  notifier.onOutcome((channel, outcome) => outcomes.inc({ channel, outcome }));
  new Gauge({
    name: 'curbside_notifier_queue_depth',
    help: 'Deliveries waiting to be sent (pending: due now, or waiting for a retry)',
    registers: [metrics.registry],
    async collect() {
      this.set(await deliveries.countPending());
    },
  });
}
