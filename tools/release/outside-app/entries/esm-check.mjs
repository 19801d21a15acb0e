// Every entry point as an ES module consumer sees it: named imports of each, and one codec's bytes.
import { CurbsideAccessGuard, CurbsideResourceServerModule } from '@curbside/auth';
import { CurbsideAccessGuard as SameGuard } from '@curbside/auth/resource-server';
import { CurbsideClient } from '@curbside/client';
import { decodeAnswer, responses, scheduleAnswers, toXml } from '@curbside/codecs';
import { AUTH_ERROR_STATUS, ROUTES } from '@curbside/contract';
import { ID_PATTERN, weekdayOf } from '@curbside/domain';
import { messagesFor } from '@curbside/messages';

const found = { CurbsideAccessGuard, CurbsideResourceServerModule, CurbsideClient, decodeAnswer, responses, scheduleAnswers, toXml, ROUTES, ID_PATTERN, AUTH_ERROR_STATUS, weekdayOf, messagesFor };
const missing = Object.entries(found).filter(([, value]) => value === undefined).map(([name]) => name);
if (missing.length > 0) throw new Error(`not exported to an ES module: ${missing.join(', ')}`);
if (SameGuard !== CurbsideAccessGuard) throw new Error('@curbside/auth and @curbside/auth/resource-server differ');
console.log(toXml(responses.profiles('esm', [])));
