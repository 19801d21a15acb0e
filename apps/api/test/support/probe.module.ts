import { Body, Controller, Get, Module, Put } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsIn, IsString, ValidateNested } from 'class-validator';
import { CustomerApi, TrackingId } from '../../src/platform';

class ProbeItemDto {
  @IsString() name!: string;
}

class ProbeUpdateDto {
  @IsIn(['on', 'off']) status!: string;
  @ValidateNested({ each: true }) @Type(() => ProbeItemDto) items!: ProbeItemDto[];
}

/**
 * Test-only customer routes for what no resource route does yet: a JSON body to validate and
 * a handler that fails unexpectedly. Everything else is tested on real routes.
 */
@Controller('api/test/customers/:customerId')
@CustomerApi()
class ProbeController {
  @Put('probe')
  update(@TrackingId() trackingId: string, @Body() _update: ProbeUpdateDto): object {
    return { request_tracking_id: trackingId, status: 'Success' };
  }

  @Get('failure')
  fail(): never {
    throw new Error('SELECT * FROM secrets WHERE path = /srv/curbside/data.sqlite');
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
