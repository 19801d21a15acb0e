import { Module } from '@nestjs/common';
import { CasesController } from './cases.controller';

/** Cases: non-executable service requests such as billing questions or bin complaints (operation 7). */
@Module({ controllers: [CasesController] })
export class CasesModule {}
