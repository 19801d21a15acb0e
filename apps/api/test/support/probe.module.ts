import { Body, Controller, Get, Module, Put } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsString, ValidateNested } from 'class-validator';
import { Negotiated, TrackingId } from '../../src/platform';
import { CustomerApi } from '../../src/openapi';

class ProbeItemDto {
  @IsString() name!: string;
}

class ProbeUpdateDto {
  @IsIn(['on', 'off']) status!: string;
  @ValidateNested({ each: true }) @Type(() => ProbeItemDto) items!: ProbeItemDto[];
}

/** How often a probe handler ran: a refused request must leave it unchanged. */
export const probeHits = { count: 0 };

/**
 * Test-only customer routes for what no resource route does yet: a JSON body to validate and
 * a handler that fails unexpectedly. Everything else is tested on real routes. Not in the
 * OpenAPI document, so its responses are not checked against it.
 */
@ApiExcludeController()
@Controller('api/test/customers/:customerId')
@CustomerApi()
class ProbeController {
  @Get('probe')
  @Negotiated()
  read(@TrackingId() trackingId: string): object {
    probeHits.count++;
    return { request_tracking_id: trackingId, status: 'Success' };
  }

  @Put('probe')
  @Negotiated()
  update(@TrackingId() trackingId: string, @Body() _update: ProbeUpdateDto): object {
    probeHits.count++;
    return { request_tracking_id: trackingId, status: 'Success' };
  }

  @Get('failure')
  @Negotiated()
  fail(): never {
    throw new Error('SELECT * FROM secrets WHERE path = /srv/curbside/data.sqlite');
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
