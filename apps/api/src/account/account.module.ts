import { Module } from '@nestjs/common';
import { AccountController } from './account.controller';

/** The account as a whole: its balance and its portal profiles. */
@Module({ controllers: [AccountController] })
export class AccountModule {}
