import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiErrorCode, ApiException, ProblemResponse } from '../platform';
import { Readiness } from './readiness';

class HealthDoc {
  @ApiProperty({ enum: ['up', 'ready'] }) status!: string;
}

/** Probes for orchestrators (CONTRACT §1); no credentials. */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  @Get('live')
  @ApiOperation({ summary: 'Liveness', description: 'Answers while the process runs, whatever the database.' })
  @ApiOkResponse({ description: 'The process is up', type: HealthDoc })
  live(): { status: string } {
    return { status: 'up' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness', description: 'Answers 200 once the database is reachable, 503 while starting or draining.' })
  @ApiOkResponse({ description: 'The database is reachable', type: HealthDoc })
  @ProblemResponse(503, 'Starting, draining, or the database is unreachable')
  async ready(): Promise<{ status: string }> {
    if (!(await this.readiness.isReady())) {
      throw new ApiException(ApiErrorCode.SERVICE_UNAVAILABLE, 'Not ready: draining or the database is unreachable.');
    }
    return { status: 'ready' };
  }
}
