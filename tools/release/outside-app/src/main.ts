/*
 * Another team's NestJS service, built only from what Curbside publishes (tools/release/outside-app.e2e.js
 * installs it from a registry by version, in a folder outside the repository). Its routes:
 * - GET /reports/whoami: its own route behind Curbside's access guard (tokens checked by introspection);
 * - GET /reports/profiles/:customerId: a customer's profiles encoded with Curbside's codecs, JSON or XML by Accept,
 *   from the customer's export file (CURBSIDE_EXPORT_FILE);
 * - GET /reports/profile-names/:customerId: the same profiles read from Curbside's API through @curbside/client.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { Controller, Get, Headers, Module, Param, Res, UseGuards } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { CurbsideAccessGuard, CurbsideCaller, type CurbsideCallerInfo, CurbsideResourceServerModule } from '@curbside/auth/resource-server';
import { CurbsideClient, type GetBody } from '@curbside/client';
import { decodeImportFile, responses, toXml } from '@curbside/codecs';
import type { ProfilesBody } from '@curbside/contract';
import type { Profile } from '@curbside/domain';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is required`);
  return value;
};

const credentials = { clientId: env('CURBSIDE_CLIENT_ID'), clientSecret: env('CURBSIDE_CLIENT_SECRET') };
const curbside = new CurbsideClient({ baseUrl: env('CURBSIDE_URL'), ...credentials });

function profilesOf(customerId: string): readonly Profile[] {
  const file = decodeImportFile(JSON.parse(readFileSync(env('CURBSIDE_EXPORT_FILE'), 'utf8')));
  return file.customers.find((bundle) => bundle.customer.id === customerId)?.profiles ?? [];
}

@Controller('reports')
@UseGuards(CurbsideAccessGuard)
class ReportsController {
  @Get('whoami')
  whoami(@CurbsideCaller() caller: CurbsideCallerInfo): { client_id: string } {
    return { client_id: caller.clientId };
  }

  @Get('profiles/:customerId')
  profiles(
    @Param('customerId') customerId: string,
    @Headers('request-tracking-id') trackingId: string,
    @Headers('accept') accept: string | undefined,
    @Res() reply: FastifyReply,
  ): void {
    const body: ProfilesBody = responses.profiles(trackingId, profilesOf(customerId));
    const xml = accept === 'application/xml';
    void reply
      .header('Content-Type', xml ? 'application/xml; charset=utf-8' : 'application/json; charset=utf-8')
      .send(xml ? toXml(body) : JSON.stringify(body));
  }

  @Get('profile-names/:customerId')
  async profileNames(@Param('customerId') customerId: string): Promise<{ names: string[] }> {
    const body: GetBody<'/api/v1/customers/{customerId}/profiles'> = await curbside.get('/api/v1/customers/{customerId}/profiles', {
      path: { customerId },
    });
    return { names: body.profiles.map((profile) => `${profile.first_name} ${profile.last_name}`) };
  }
}

@Module({
  imports: [CurbsideResourceServerModule.forRoot({ curbsideUrl: env('CURBSIDE_URL'), ...credentials })],
  controllers: [ReportsController],
})
class OutsideModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create<NestFastifyApplication>(OutsideModule, new FastifyAdapter(), { logger: ['error'] });
  await app.listen(Number(env('PORT')), '127.0.0.1');
  console.log(`outside service listening on ${await app.getUrl()}`);
}

void main();
