// The packages as an ES module consumer sees them: named imports of each, and one codec's bytes.
import { CurbsideAccessGuard, CurbsideResourceServerModule } from '@curbside/auth/resource-server';
import { CurbsideClient } from '@curbside/client';
import { responses, toXml } from '@curbside/codecs';
import { AUTH_ERROR_STATUS, ROUTES } from '@curbside/contract';
import { ID_PATTERN } from '@curbside/domain';

const found = { CurbsideAccessGuard, CurbsideResourceServerModule, CurbsideClient, responses, toXml, ROUTES, ID_PATTERN, AUTH_ERROR_STATUS };
const missing = Object.entries(found).filter(([, value]) => value === undefined).map(([name]) => name);
if (missing.length > 0) throw new Error(`not exported to an ES module: ${missing.join(', ')}`);
console.log(toXml(responses.profiles('esm', [])));
