import { InitialSchema1732000000000 } from './1732000000000-initial-schema';
import { PublishedOperations1763900000000 } from './1763900000000-published-operations';

/** In order; add new migrations at the end. */
export const SQLITE_MIGRATIONS = [InitialSchema1732000000000, PublishedOperations1763900000000];
