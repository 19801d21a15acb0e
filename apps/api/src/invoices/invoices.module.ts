import { Module } from '@nestjs/common';
import { InvoicesController } from './invoices.controller';

/** Invoices: the version 2 list with balances (operation 5) and the detail lines (operation 6). */
@Module({ controllers: [InvoicesController] })
export class InvoicesModule {}
