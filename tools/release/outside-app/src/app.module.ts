import { Module } from '@nestjs/common';
import { CurbsideResourceServerModule } from '@curbside/auth';
import { curbsideSettings } from './curbside';
import { ReportsController } from './reports.controller';

@Module({
  imports: [CurbsideResourceServerModule.forRoot(curbsideSettings())],
  controllers: [ReportsController],
})
export class AppModule {}
