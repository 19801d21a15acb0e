import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  ArgumentsHost,
  CanActivate,
  Catch,
  createParamDecorator,
  DynamicModule,
  ExceptionFilter,
  ExecutionContext,
  Inject,
  Injectable,
  Module,
} from '@nestjs/common';
import { APP_FILTER, HttpAdapterHost } from '@nestjs/core';
import { encodeProblem, problemOf } from '@curbside/codecs';
import { API_ERRORS, ApiErrorCode, AUTH_ERROR_STATUS, AuthErrorCode, type Problem, type TokenIntrospectionBody } from '@curbside/contract';
import type { CustomerGrants } from '@curbside/domain';
import { bearerTokenOf, clientIdRefusal, customerRefusal, sentTrackingId, trackingIdRefusal } from './access-rules';
import { AuthException } from './auth.exception';

/** How another service reaches Curbside to check the tokens it is sent. */
export interface ResourceServerOptions {
  /** Curbside's base URL, e.g. `https://curbside.example.com`. */
  curbsideUrl: string;
  /** This service's own Curbside client (`clients create`): it authenticates the introspection calls. */
  clientId: string;
  clientSecret: string;
  /** The audience a token must carry: Curbside's access tokens carry `curbside-api` (the default). */
  audience?: string;
  /**
   * The route parameter that names a customer (`customerId`, the default, as in Curbside's own routes): a
   * route with it lets in only a caller whose token reaches that customer (`customers` or `all_customers` of
   * the introspection answer), `403 CUSTOMER_NOT_GRANTED` otherwise, whether or not the customer exists.
   * `null` checks no customer (for a route that serves none).
   */
  customerParam?: string | null;
  /** The clock the expiry is told by; tests pass one they control. */
  clock?: () => Date;
}

export const RESOURCE_SERVER_OPTIONS = Symbol('RESOURCE_SERVER_OPTIONS');

/** Curbside did not answer an introspection call as RFC 7662 says: the request fails, it is not refused. */
export class IntrospectionFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IntrospectionFailed';
  }
}

/** Asks Curbside whether a token is active (`POST /oauth/introspect`, RFC 7662), as this service's client. */
@Injectable()
export class TokenIntrospector {
  private readonly endpoint: string;
  private readonly authorization: string;

  constructor(@Inject(RESOURCE_SERVER_OPTIONS) options: ResourceServerOptions) {
    this.endpoint = new URL('/oauth/introspect', options.curbsideUrl).href;
    const credentials = `${formEncode(options.clientId)}:${formEncode(options.clientSecret)}`;
    this.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  }

  async introspect(token: string): Promise<TokenIntrospectionBody> {
    const response = await fetch(this.endpoint, {
      method: 'POST',
      headers: { Authorization: this.authorization, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
    }).catch((error: unknown) => {
      throw new IntrospectionFailed(`Curbside cannot be reached at ${this.endpoint}: ${(error as Error).message}`);
    });
    if (response.status !== 200) throw new IntrospectionFailed(`Curbside answered the introspection call with ${response.status}`);
    const body = (await response.json()) as TokenIntrospectionBody;
    if (typeof body?.active !== 'boolean') throw new IntrospectionFailed('Curbside answered the introspection call without "active"');
    if (body.active && body.all_customers !== true && !Array.isArray(body.customers)) {
      throw new IntrospectionFailed('Curbside answered the introspection call without the customers the token reaches');
    }
    return body;
  }
}

/** The caller CurbsideAccessGuard let in. */
export interface CurbsideCallerInfo {
  clientId: string;
  expiresAt: Date;
  tokenId: string;
  /** The customers its token reaches: `'all'`, or their ids (CONTRACT §2). */
  customers: CustomerGrants;
  /** The request's own `Request-Tracking-Id`, for a body that echoes it or a call to Curbside that passes it on. */
  trackingId: string;
}

/** A request without a usable `Request-Tracking-Id` (CONTRACT §2): refused before its token is looked at. */
export class TrackingIdRefused extends Error {
  constructor(readonly code: ApiErrorCode.MISSING_TRACKING_ID | ApiErrorCode.INVALID_TRACKING_ID) {
    super(API_ERRORS[code].message);
    this.name = 'TrackingIdRefused';
  }
}

interface GuardedRequest {
  headers: IncomingHttpHeaders;
  params?: Record<string, string | undefined>;
  curbsideCaller?: CurbsideCallerInfo;
}

/**
 * CONTRACT §2's checks for another service's routes, the API's own rules (access-rules.ts), without
 * Curbside's signing key: a `Request-Tracking-Id`; a bearer token Curbside says is active (its
 * signature, expiry and client checked there on every request, so a revoked client is refused at
 * once and a rotated key changes nothing here), of Curbside's audience; a `ClientId` header naming
 * its client; and the route's customer (`customerParam`) among those the token reaches. Refusals
 * are TrackingIdRefused and AuthExceptions with the contract's codes; an inactive token is
 * TOKEN_EXPIRED when its own `exp` has passed, else INVALID_TOKEN (introspection says nothing of
 * why, RFC 7662 §2.2: a revoked client's token too).
 */
@Injectable()
export class CurbsideAccessGuard implements CanActivate {
  constructor(
    private readonly introspector: TokenIntrospector,
    @Inject(RESOURCE_SERVER_OPTIONS) private readonly options: ResourceServerOptions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    const trackingId = sentTrackingId(request.headers);
    if (trackingId === null) throw new TrackingIdRefused(trackingIdRefusal(request.headers) ?? ApiErrorCode.MISSING_TRACKING_ID);
    const token = bearerTokenOf(request.headers);
    if (token === undefined) throw new AuthException(AuthErrorCode.MISSING_TOKEN);
    const answer = await this.introspector.introspect(token);
    if (!answer.active) {
      throw new AuthException(this.saysExpired(token) ? AuthErrorCode.TOKEN_EXPIRED : AuthErrorCode.INVALID_TOKEN);
    }
    if (answer.aud !== (this.options.audience ?? 'curbside-api')) throw new AuthException(AuthErrorCode.INVALID_TOKEN);
    const clientRefusal = clientIdRefusal(request.headers, answer.client_id);
    if (clientRefusal !== null) throw new AuthException(clientRefusal);
    const customers: CustomerGrants = answer.all_customers === true ? 'all' : answer.customers;
    const customerParam = this.options.customerParam === undefined ? 'customerId' : this.options.customerParam;
    const customerId = customerParam === null ? undefined : request.params?.[customerParam];
    const refusal = customerId === undefined ? null : customerRefusal(customers, customerId);
    if (refusal !== null) throw new AuthException(refusal);
    request.curbsideCaller = { clientId: answer.client_id, expiresAt: new Date(answer.exp * 1000), tokenId: answer.jti, customers, trackingId };
    return true;
  }

  /** Whether an inactive token's own (unverified) `exp` has passed: it only picks which refusal is sent. */
  private saysExpired(token: string): boolean {
    try {
      const { exp } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
      const now = (this.options.clock?.() ?? new Date()).getTime() / 1000;
      return typeof exp === 'number' && exp <= now;
    } catch {
      return false;
    }
  }
}

/** The caller CurbsideAccessGuard let in, as a controller parameter. */
export const CurbsideCaller = createParamDecorator((_data: unknown, context: ExecutionContext): CurbsideCallerInfo => {
  const caller = context.switchToHttp().getRequest<GuardedRequest>().curbsideCaller;
  if (caller === undefined) throw new Error('CurbsideCaller used on a route without CurbsideAccessGuard');
  return caller;
});

/** The RFC 9457 problem Curbside answers for a refusal (CONTRACT §4), before it is written in JSON or XML. */
export function authProblem(exception: AuthException | TrackingIdRefused, instance: string, trackingId: string): Problem {
  const status = exception instanceof AuthException ? AUTH_ERROR_STATUS[exception.code] : API_ERRORS[exception.code].status;
  return problemOf({ status, code: exception.code, message: exception.message }, instance, trackingId);
}

/**
 * Answers refusals as Curbside does: the contract's status, a problem in JSON or XML as `Accept`
 * prefers, a Bearer challenge on 401, and the request's tracking id (one made up when it sent none).
 */
@Catch(AuthException, TrackingIdRefused)
export class AuthProblemFilter implements ExceptionFilter {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(exception: AuthException | TrackingIdRefused, host: ArgumentsHost): void {
    const { httpAdapter } = this.adapterHost;
    const http = host.switchToHttp();
    const request = http.getRequest<GuardedRequest>();
    const response = http.getResponse<unknown>();
    const trackingId = sentTrackingId(request.headers) ?? randomUUID();
    const problem = authProblem(exception, String(httpAdapter.getRequestUrl(request)), trackingId);
    const { contentType, body } = encodeProblem(problem, request.headers.accept);
    httpAdapter.setHeader(response, 'Content-Type', contentType);
    httpAdapter.setHeader(response, 'Vary', 'Accept');
    httpAdapter.setHeader(response, 'Request-Tracking-Id', trackingId);
    if (problem.status === 401) httpAdapter.setHeader(response, 'WWW-Authenticate', 'Bearer realm="curbside"');
    httpAdapter.reply(response, body, problem.status);
  }
}

/**
 * For another service: `CurbsideResourceServerModule.forRoot(options)` once, then
 * `@UseGuards(CurbsideAccessGuard)` on its routes; refusals are answered as problems.
 */
@Module({})
export class CurbsideResourceServerModule {
  static forRoot(options: ResourceServerOptions): DynamicModule {
    return {
      module: CurbsideResourceServerModule,
      global: true,
      providers: [
        { provide: RESOURCE_SERVER_OPTIONS, useValue: options },
        TokenIntrospector,
        CurbsideAccessGuard,
        { provide: APP_FILTER, useClass: AuthProblemFilter },
      ],
      // The guard is built in each module that puts it on a route: it needs the options and the introspector there.
      exports: [RESOURCE_SERVER_OPTIONS, TokenIntrospector, CurbsideAccessGuard],
    };
  }
}

/** `application/x-www-form-urlencoded` encoding of a credential, as RFC 6749 §2.3.1 asks of HTTP Basic. */
const formEncode = (value: string): string => encodeURIComponent(value).replace(/%20/g, '+');
