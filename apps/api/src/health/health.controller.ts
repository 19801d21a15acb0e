import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrorCode, ApiException } from '../platform';
import { Readiness } from './readiness';

/** Probes for orchestrators (CONTRACT §1); no credentials. */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  @Get('live')
  @ApiOkResponse({ description: 'The process is up' })
  live(): { status: string } {
    return { status: 'up' };
  }

  @Get('ready')
  @ApiOkResponse({ description: 'The database is reachable' })
  @ApiServiceUnavailableResponse({ description: 'Starting, draining, or the database is unreachable' })
  async ready(): Promise<{ status: string }> {
    if (!(await this.readiness.isReady())) {
      throw new ApiException(ApiErrorCode.SERVICE_UNAVAILABLE, 'Not ready: draining or the database is unreachable.');
    }
    return { status: 'ready' };
  }
}
