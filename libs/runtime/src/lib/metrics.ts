import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamicModule, Inject, Injectable, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * Node's default metrics (event-loop lag, heap, GC, CPU, handles): one collection per process,
 * however many apps it runs (tests start many), since each one samples the event loop on a timer.
 */
let runtime: Registry | null = null;

function runtimeRegistry(): Registry {
  if (runtime === null) {
    runtime = new Registry();
    collectDefaultMetrics({ register: runtime });
  }
  return runtime;
}

/**
 * An app's Prometheus metrics: the database pool and whatever the app adds to `registry` (HTTP
 * requests, deliveries), exposed with the process's runtime metrics.
 */
export class Metrics {
  readonly registry = new Registry();

  constructor(dataSource: DataSource) {
    new Gauge({
      name: 'curbside_db_pool_connections',
      help: 'Database connections by state: total and idle connections, and waiting = queries waiting for one (PostgreSQL pool; SQLite has one connection)',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        for (const [state, count] of Object.entries(poolState(dataSource))) this.set({ state }, count);
      },
    });
  }

  /** The exposition, in the Prometheus text format. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    const exposed = Registry.merge([runtimeRegistry(), this.registry]);
    return { contentType: exposed.contentType, body: await exposed.metrics() };
  }
}

function poolState(dataSource: DataSource): Record<string, number> {
  if (!dataSource.isInitialized) return { total: 0 };
  if (dataSource.options.type !== 'postgres') return { total: 1 };
  const pool = (dataSource.driver as PostgresDriver).master as Pool;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

const METRICS_PORT = 'CURBSIDE_METRICS_PORT';

/** `GET /metrics` on a port of its own (`METRICS_PORT`), open from bootstrap to shutdown. */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | null = null;

  constructor(
    private readonly metrics: Metrics,
    @Inject(METRICS_PORT) private readonly port: number | null,
  ) {}

  /** The port it listens on; null when there is no METRICS_PORT. */
  get listeningPort(): number | null {
    return this.server === null ? null : (this.server.address() as AddressInfo).port;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.port === null) return;
    const server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url !== '/metrics') return void response.writeHead(404).end();
      this.metrics.scrape().then(
        ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
        () => response.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port ?? 0, '0.0.0.0', resolve);
    });
    this.server = server;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server !== null) await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * Metrics, and their own port when `port` is set (else the process serves them itself, or not at
 * all). Global: any module may register metrics of its own in `Metrics.registry`.
 */
@Module({})
export class MetricsModule {
  static forRoot({ port }: { port: number | null }): DynamicModule {
    return {
      module: MetricsModule,
      global: true,
      providers: [
        { provide: Metrics, useFactory: (dataSource: DataSource) => new Metrics(dataSource), inject: [DataSource] },
        { provide: METRICS_PORT, useValue: port },
        MetricsServer,
      ],
      exports: [Metrics, MetricsServer],
    };
  }
}
