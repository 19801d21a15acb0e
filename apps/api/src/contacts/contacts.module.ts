import { Module } from '@nestjs/common';
import { ContactsController } from './contacts.controller';

/** Billing and service contacts (operation 8). */
@Module({ controllers: [ContactsController] })
export class ContactsModule {}
