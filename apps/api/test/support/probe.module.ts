import { Body, Controller, Get, Module, Param, Put } from '@nestjs/common';
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
 * A test-only customer route, for exercising the HTTP edge (auth, tracking, negotiation,
 * validation, problems) independently of any resource module.
 */
@Controller('api/test/customers/:customerId')
@CustomerApi()
class ProbeController {
  @Get('probe')
  read(@TrackingId() trackingId: string, @Param('customerId') customerId: string): object {
    return { request_tracking_id: trackingId, customer_id: customerId, items: [{ name: 'a & b' }, { name: 'c' }], empty: [] };
  }

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
