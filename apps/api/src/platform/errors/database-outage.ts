import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Metrics } from '@curbside/runtime';
import { inTransaction } from '@curbside/persistence';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Counter, Gauge } from 'prom-client';
import { DataSource } from 'typeorm';

const CONTEXT = 'DatabaseOutage';

/** How often, during an outage, the database is asked whether it takes work again. */
const PROBE_INTERVAL_MS = 500;

/**
 * A database outage as operators see it: requests answered 503 DATABASE_UNAVAILABLE are counted
 * (`curbside_database_unavailable_responses_total`), the outage is logged once when its first
 * request is refused and once when the database takes a write transaction again (with how many
 * were refused meanwhile), and `curbside_database_outage` is 1 in between. Requests themselves
 * log no stack: the database being away is not a bug.
 */
@Injectable()
export class DatabaseOutage implements OnApplicationShutdown {
  private readonly refusedResponses: Counter;
  private readonly outageGauge: Gauge;
  private current: { since: number; refused: number } | null = null;
  private closing = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly http: HttpAdapterHost,
    metrics: Metrics,
  ) {
    this.refusedResponses = new Counter({
      name: 'curbside_database_unavailable_responses_total',
      help: 'Requests answered 503 DATABASE_UNAVAILABLE: the database could not be reached, or stayed locked',
      registers: [metrics.registry],
    });
    this.outageGauge = new Gauge({
      name: 'curbside_database_outage',
      help: '1 from the first request the database could not serve until it takes a write transaction again, else 0',
      registers: [metrics.registry],
    });
    this.outageGauge.set(0);
  }

  /** A request was answered 503 DATABASE_UNAVAILABLE. */
  refused(): void {
    this.refusedResponses.inc();
    if (this.current !== null) {
      this.current.refused += 1;
      return;
    }
    const outage = { since: Date.now(), refused: 1 };
    this.current = outage;
    this.outageGauge.set(1);
    this.logger.warn({ context: CONTEXT }, 'database unavailable: requests are answered 503 DATABASE_UNAVAILABLE until it answers again');
    void this.probeUntilAvailable(outage);
  }

  /** The logger of this API's HTTP server (Nest's `Logger` is one for every app of the process). */
  private get logger(): FastifyBaseLogger {
    return (this.http.httpAdapter.getInstance() as FastifyInstance).log;
  }

  onApplicationShutdown(): void {
    this.closing = true;
  }

  private async probeUntilAvailable(outage: { since: number; refused: number }): Promise<void> {
    while (!this.closing) {
      await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS).unref());
      if (this.closing || !(await this.takesWrites())) continue;
      const { since, refused } = outage;
      const outageMs = Date.now() - since;
      this.current = null;
      this.outageGauge.set(0);
      this.logger.warn({ context: CONTEXT, refused, outageMs }, `database available again after ${Math.round(outageMs / 1000)} s; ${refused} requests were answered 503 meanwhile`);
      return;
    }
  }

  /** An empty write transaction: PostgreSQL reachable, or the SQLite write lock free (waited for as writers do). */
  private async takesWrites(): Promise<boolean> {
    if (!this.dataSource.isInitialized) return false;
    try {
      await inTransaction(this.dataSource, async () => undefined);
      return true;
    } catch {
      return false;
    }
  }
}
