import { Controller } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '../openapi/openapi-decorators';
import { ApiErrorCode, ApiException, Endpoint } from '../platform';
import { ProblemResponse } from '../openapi';
import { Readiness } from './readiness';
import { type HealthBody, ROUTES } from '@curbside/contract';

class HealthDoc {
  @ApiProperty({ enum: ['up', 'ready'] }) status!: string;
}

/** Probes for orchestrators (CONTRACT §1); no credentials. */
@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  @Endpoint(ROUTES.getLiveness, { summary: 'Liveness', description: 'Answers while the process runs, whatever the database.' })
  @ApiOkResponse({ description: 'The process is up', type: HealthDoc })
  live(): HealthBody {
    return { status: 'up' };
  }

  @Endpoint(ROUTES.getReadiness, { summary: 'Readiness', description: 'Answers 200 once the database is reachable, 503 while starting or draining.' })
  @ApiOkResponse({ description: 'The database is reachable', type: HealthDoc })
  @ProblemResponse(503, 'Starting, draining, or the database is unreachable')
  async ready(): Promise<HealthBody> {
    if (!(await this.readiness.isReady())) {
      throw new ApiException(ApiErrorCode.SERVICE_UNAVAILABLE, 'Not ready: draining or the database is unreachable.');
    }
    return { status: 'ready' };
  }
}
