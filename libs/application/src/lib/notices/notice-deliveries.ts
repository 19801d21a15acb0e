import type { NewDelivery, OutboxEvent, Preference } from '@curbside/domain';

/** The deliveries of one event to a customer's matching selections, each message rendered. */
export type PlanDeliveries = (event: OutboxEvent, preferences: readonly Preference[]) => NewDelivery[];

/**
 * Where the notices' messages come from. Rendering and unsubscribe links are delivery, the
 * notifications lib's (its `DeliveryPlanner`); the door that runs the notices wires it in.
 */
export interface NoticeDeliveries {
  /** A planner for one batch of events (the unsubscribe key is read once a batch). */
  planner(): Promise<PlanDeliveries>;
}
