import { Module } from '@nestjs/common';
import { ActivitiesController } from './activities.controller';

/** Portal activities: emails sent (operation 14) and contact-us issues (operation 15). */
@Module({ controllers: [ActivitiesController] })
export class ActivitiesModule {}
