import { CurbsideClient } from '@curbside/client';

export function setting(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is required`);
  return value;
}

/** This service's own Curbside client: it checks its callers' tokens and reads Curbside's API with it. */
export const curbsideSettings = () => ({ curbsideUrl: setting('CURBSIDE_URL'), clientId: setting('CURBSIDE_CLIENT_ID'), clientSecret: setting('CURBSIDE_CLIENT_SECRET') });

let client: CurbsideClient | undefined;
export const curbside = (): CurbsideClient => (client ??= new CurbsideClient({ baseUrl: setting('CURBSIDE_URL'), clientId: setting('CURBSIDE_CLIENT_ID'), clientSecret: setting('CURBSIDE_CLIENT_SECRET') }));
