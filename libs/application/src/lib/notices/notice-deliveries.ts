import type { NewDelivery, NewEvent, OutboxEvent, Preference } from '@curbside/domain';

/** A notice's deliveries, their messages rendered: the rows, once its event is written (the event's id is in their keys). */
export type PlannedDeliveries = (written: OutboxEvent) => NewDelivery[];

/**
 * The deliveries of one notice's event to a customer's matching selections, in two steps: the
 * messages are rendered when called, before the event is written; the rows once it is.
 */
export type PlanDeliveries = (event: NewEvent, preferences: readonly Preference[]) => PlannedDeliveries;

/**
 * Where the notices' messages come from. Rendering and unsubscribe links are delivery, the
 * notifications lib's (its `DeliveryPlanner`); the door that runs the notices wires it in.
 */
export interface NoticeDeliveries {
  /** A planner for one batch of events (the unsubscribe key is read once a batch). */
  planner(): Promise<PlanDeliveries>;
}
