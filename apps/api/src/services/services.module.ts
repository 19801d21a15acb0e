import { Module } from '@nestjs/common';
import { CalendarFeedController } from './calendar-feed.controller';
import { ServicesController } from './services.controller';

/**
 * The customer's services: the list, invoice fees (operation 11), prices (12), materials (13),
 * routes, today's plan, pickup stats, next pickups, ETA, and the calendar feed.
 */
@Module({ controllers: [ServicesController, CalendarFeedController] })
export class ServicesModule {}
