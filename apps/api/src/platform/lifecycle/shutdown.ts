import type { Server } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { BeforeApplicationShutdown, DynamicModule, Global, Inject, Injectable, Module, OnModuleInit } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

export interface ShutdownTimings {
  /** How long the API keeps serving, readiness 503, before it stops taking requests. */
  drainMs: number;
  /** How long the whole shutdown may take before the process gives up. */
  timeoutMs: number;
}

const SHUTDOWN_TIMINGS = Symbol('SHUTDOWN_TIMINGS');
const QUIET_CHECK_MS = 50;

/**
 * The API's way out (CONTRACT §1). On SIGTERM or SIGINT, Nest closes the application in this
 * order: `beforeApplicationShutdown` below, then Fastify's close (no new connections, idle
 * keep-alive connections closed, requests in flight finished with their whole body, each
 * connection closed as its last response ends), then the database, then the process exits 0.
 * If all that takes longer than the timeout, the process exits 1 with one line on stderr
 * saying why.
 *
 * `beforeApplicationShutdown` drains: readiness answers 503 at once and every response says
 * `Connection: close`, while the API keeps serving for the drain delay so that a load balancer
 * stops sending traffic here. Then it waits until no request is in flight (at most half the
 * time left): a busy server may not yet have read requests that reached it during the drain,
 * and closing drops those connections (Node closes every connection with no request started).
 */
@Injectable()
export class GracefulShutdown implements OnModuleInit, BeforeApplicationShutdown {
  private draining = false;
  private closing = false;
  private inFlight = 0;
  private onQuiet: (() => void) | null = null;

  constructor(
    @Inject(SHUTDOWN_TIMINGS) private readonly timings: ShutdownTimings,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  get isDraining(): boolean {
    return this.draining;
  }

  onModuleInit(): void {
    this.adapterHost.httpAdapter.getInstance<FastifyInstance>().addHook('onRequest', (_request, reply, done) => {
      this.inFlight++;
      reply.raw.once('close', () => this.requestEnded());
      if (this.draining) reply.header('Connection', 'close');
      done();
    });
  }

  /** `signal` is undefined when the application is closed by code (tests): then nothing exits the process. */
  async beforeApplicationShutdown(signal?: string): Promise<void> {
    this.draining = true;
    const { drainMs, timeoutMs } = this.timings;
    if (signal !== undefined) this.exitIfStillRunningAfter(timeoutMs, signal);
    await delay(drainMs);
    await Promise.race([this.quiet(), delay((timeoutMs - drainMs) / 2, undefined, { ref: false })]);
    this.closing = true;
  }

  private requestEnded(): void {
    this.inFlight--;
    if (this.inFlight === 0) this.onQuiet?.();
    // A response begun before the drain kept its connection alive; once closing, nothing may.
    if (this.closing) this.server().closeIdleConnections();
  }

  private server(): Server {
    return this.adapterHost.httpAdapter.getHttpServer() as Server;
  }

  /**
   * Resolves once no request is in flight, and still none after the event loop has polled for
   * I/O again: connections the server has not read yet (nor accepted: the listen backlog) only
   * show up as requests in a later turn of the loop.
   */
  private async quiet(): Promise<void> {
    for (;;) {
      if (this.inFlight > 0) await new Promise<void>((resolve) => (this.onQuiet = resolve));
      await delay(QUIET_CHECK_MS);
      if (this.inFlight === 0) return;
    }
  }

  private exitIfStillRunningAfter(timeoutMs: number, signal: string): void {
    setTimeout(() => {
      this.server().getConnections((_error, open) => {
        process.stderr.write(
          `curbside-api: shutdown on ${signal} did not finish within SHUTDOWN_TIMEOUT_MS (${timeoutMs} ms): ` +
            `${open} connection(s) still open; exiting\n`,
        );
        process.exit(1);
      });
    }, timeoutMs).unref();
  }
}

/** Provides GracefulShutdown to the whole application (readiness asks it whether the API is draining). */
@Global()
@Module({})
export class ShutdownModule {
  static forRoot(timings: ShutdownTimings): DynamicModule {
    return {
      module: ShutdownModule,
      providers: [{ provide: SHUTDOWN_TIMINGS, useValue: timings }, GracefulShutdown],
      exports: [GracefulShutdown],
    };
  }
}

/** Lets SIGTERM and SIGINT close the application as GracefulShutdown describes, then exit 0. */
export function enableGracefulShutdown(app: INestApplication): void {
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
}
