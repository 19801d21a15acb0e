import { DynamicModule, Module } from '@nestjs/common';
import { ServiceRequestsController } from './service-requests.controller';
import { SERVICE_REQUEST_OPTIONS, type ServiceRequestOptions } from './service-requests.options';

/** Residents' requests: missed-pickup reports and extra-pickup bookings (CONTRACT §9). */
@Module({})
export class ServiceRequestsModule {
  static forRoot(options: ServiceRequestOptions): DynamicModule {
    return {
      module: ServiceRequestsModule,
      controllers: [ServiceRequestsController],
      providers: [{ provide: SERVICE_REQUEST_OPTIONS, useValue: options }],
    };
  }
}
