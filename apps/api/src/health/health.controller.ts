import { Controller } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrorCode, ApiException, Endpoint } from '../platform';
import { Readiness } from './readiness';
import { ROUTES } from '@curbside/contract';

/** Probes for orchestrators (CONTRACT §1); no credentials. */
@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  @Endpoint(ROUTES.getLiveness)
  @ApiOkResponse({ description: 'The process is up' })
  live(): { status: string } {
    return { status: 'up' };
  }

  @Endpoint(ROUTES.getReadiness)
  @ApiOkResponse({ description: 'The database is reachable' })
  @ApiServiceUnavailableResponse({ description: 'Starting, draining, or the database is unreachable' })
  async ready(): Promise<{ status: string }> {
    if (!(await this.readiness.isReady())) {
      throw new ApiException(ApiErrorCode.SERVICE_UNAVAILABLE, 'Not ready: draining or the database is unreachable.');
    }
    return { status: 'ready' };
  }
}
