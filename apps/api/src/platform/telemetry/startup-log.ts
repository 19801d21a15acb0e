import type { LoggerService } from '@nestjs/common';

/** Nest's contexts for the lines that list each controller and route at start (about 55 of them). */
const ROUTE_CONTEXTS = new Set(['RoutesResolver', 'RouterExplorer']);

/**
 * `logger` with Nest's route listing at debug rather than info: at info it scrolls `npm start`'s banner (the demo
 * client and its curl commands) off the screen, and an operator reads the routes in the OpenAPI document anyway.
 */
export function routesAtDebug(logger: LoggerService): LoggerService {
  return {
    log: (message: unknown, ...rest: unknown[]) =>
      ROUTE_CONTEXTS.has(rest[rest.length - 1] as string) ? logger.debug?.(message, ...rest) : logger.log(message, ...rest),
    error: (message: unknown, ...rest: unknown[]) => logger.error(message, ...rest),
    warn: (message: unknown, ...rest: unknown[]) => logger.warn(message, ...rest),
    debug: (message: unknown, ...rest: unknown[]) => logger.debug?.(message, ...rest),
    verbose: (message: unknown, ...rest: unknown[]) => logger.verbose?.(message, ...rest),
    fatal: (message: unknown, ...rest: unknown[]) => logger.fatal?.(message, ...rest),
  };
}
