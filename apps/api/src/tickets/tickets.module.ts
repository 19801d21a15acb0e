import { Module } from '@nestjs/common';
import { TicketsController } from './tickets.controller';

/** Service tickets (operations 1, 2) and disposal tickets (operations 3, 4), which share a path. */
@Module({ controllers: [TicketsController] })
export class TicketsModule {}
