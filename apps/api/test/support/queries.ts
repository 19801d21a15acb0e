import type { DataSource, Logger } from 'typeorm';

/** A statement as the API sent it. */
export interface SentQuery {
  sql: string;
  parameters: unknown[];
}

/** Records the statements `dataSource` sends (and still logs them as before) until `stop`. */
export function recordQueries(dataSource: DataSource): { sent: SentQuery[]; stop: () => void } {
  const original = dataSource.logger;
  const sent: SentQuery[] = [];
  const recorder: Logger = {
    logQuery: (sql, parameters, runner) => {
      sent.push({ sql, parameters: parameters ?? [] });
      original.logQuery(sql, parameters, runner);
    },
    logQueryError: (...args) => original.logQueryError(...args),
    logQuerySlow: (...args) => original.logQuerySlow(...args),
    logSchemaBuild: (...args) => original.logSchemaBuild(...args),
    logMigration: (...args) => original.logMigration(...args),
    log: (...args) => original.log(...args),
  };
  Object.assign(dataSource, { logger: recorder });
  return { sent, stop: () => Object.assign(dataSource, { logger: original }) };
}

/** The tables a statement reads or writes (`FROM`, `JOIN`, `INTO`, `UPDATE`). */
export const tablesOf = ({ sql }: SentQuery): string[] => [...sql.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE)\s+"(\w+)"/gi)].map((match) => match[1]);
