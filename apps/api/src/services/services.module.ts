import { Module } from '@nestjs/common';
import { ServicesController } from './services.controller';

/** The customer's services: invoice fees (operation 11), prices (12) and materials (13). */
@Module({ controllers: [ServicesController] })
export class ServicesModule {}
