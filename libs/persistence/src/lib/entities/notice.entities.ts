import { Entity } from 'typeorm';
import { Integer, KeyText, NullableText, Text } from './columns';

/**
 * A day of the daily notice run (CONTRACT §8): which notifier holds it until when, and when it
 * finished. The lease makes one notifier run a day at a time; a run that dies is taken over
 * when its lease ends, and the notices' keys make the rerun harmless.
 */
@Entity('notice_runs')
export class NoticeRunEntity {
  @KeyText() day!: string;
  @NullableText() claimedBy!: string | null;
  @NullableText() claimedUntil!: string | null;
  @NullableText() finishedAt!: string | null;
}

/** An operator's message to the customers of a route on a day (`alerts create`). */
@Entity('route_alerts')
export class RouteAlertEntity {
  @KeyText() id!: string;
  @Text() routeId!: string;
  @Text() date!: string;
  @Text() message!: string;
  @Integer() customers!: number;
  @Text() createdAt!: string;
}
