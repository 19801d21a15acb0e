import type { IncomingHttpHeaders } from 'node:http';
import { CanActivate, createParamDecorator, ExecutionContext, Inject, Injectable, Optional } from '@nestjs/common';
import { ApiClient, ID_PATTERN } from '@curbside/domain';
import type { VersionedCustomer } from '@curbside/persistence';
import { AuthErrorCode } from '@curbside/contract';
import { bearerTokenOf, clientIdRefusal, customerRefusal } from './access-rules';
import { AuthException } from './auth.exception';
import { ClientService } from './client.service';
import { TokenService } from './token.service';

/** The parts of an HTTP request the guard reads, and what it leaves on it. */
export interface GuardedRequest {
  headers: IncomingHttpHeaders;
  params?: Record<string, string | undefined>;
  /** Its grants narrowed to the request's customer (`ClientService.findForCustomer`). */
  client?: ApiClient;
  /**
   * The request's customer as the client's lookup read it (null: there is no such customer), left
   * once the grant is checked, so that the customer's own guard (its 404) need not read it again;
   * absent when not read (no customer in the path, or one not well-formed).
   */
  customerRead?: VersionedCustomer | null;
}

/** The response being made, as far as an admission writes to it (its headers). */
export interface AdmissionResponse {
  header(name: string, value: string): unknown;
}

/**
 * What the access guard asks once it knows the client, before it checks the customer grant
 * (the app's rate limits): refusals after authentication count too. Throws to refuse.
 */
export interface ClientAdmission {
  admit(client: ApiClient, response: AdmissionResponse): Promise<void>;
}

/** Provide a ClientAdmission under this token (in a global module) for the guard to use it. */
export const CLIENT_ADMISSION = Symbol('CLIENT_ADMISSION');

/**
 * CONTRACT §2 for every route under a customer: a valid bearer token whose client still
 * exists and is not revoked (checked in the database on every request), a matching
 * `ClientId` header, and a well-formed `customerId` the client has been granted.
 */
@Injectable()
export class CustomerAccessGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenService,
    private readonly clients: ClientService,
    @Optional() @Inject(CLIENT_ADMISSION) private readonly admission?: ClientAdmission,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    await this.check(http.getRequest<GuardedRequest>(), http.getResponse<AdmissionResponse>());
    return true;
  }

  /** The guard as a plain function, for routes served without Nest's execution context; throws to refuse. */
  async check(request: GuardedRequest, response: AdmissionResponse): Promise<void> {
    const customerId = request.params?.customerId;
    const wellFormed = customerId !== undefined && ID_PATTERN.test(customerId);
    const { client, customer } = await this.authenticate(request.headers, wellFormed ? customerId : null);
    request.client = client;
    await this.admission?.admit(client, response);
    const refusal = customerId === undefined ? null : customerRefusal(client.customers, customerId);
    if (refusal !== null) throw new AuthException(refusal);
    if (customer !== undefined) request.customerRead = customer;
  }

  /**
   * The token's client, its grants narrowed to `customerId` (the request's customer, when
   * well-formed), and that customer read in the same statement (undefined when not read).
   */
  private async authenticate(headers: IncomingHttpHeaders, customerId: string | null): Promise<{ client: ApiClient; customer?: VersionedCustomer | null }> {
    const token = bearerTokenOf(headers);
    if (token === undefined) throw new AuthException(AuthErrorCode.MISSING_TOKEN);
    const clientId = await this.tokens.verify(token);
    const refusal = clientIdRefusal(headers, clientId);
    if (refusal !== null) throw new AuthException(refusal);
    const found = customerId === null ? await this.clientAlone(clientId) : await this.clients.findWithCustomer(clientId, customerId);
    if (found === null || found.client.revokedAt !== null) throw new AuthException(AuthErrorCode.UNKNOWN_CLIENT);
    return found;
  }

  private async clientAlone(clientId: string): Promise<{ client: ApiClient } | null> {
    const client = await this.clients.findForCustomer(clientId, null);
    return client === null ? null : { client };
  }
}

/** The client CustomerAccessGuard authenticated, as a controller parameter. */
export const CurrentClient = createParamDecorator((_data: unknown, context: ExecutionContext): ApiClient => {
  const client = context.switchToHttp().getRequest<GuardedRequest>().client;
  if (client === undefined) throw new Error('CurrentClient used on a route without CustomerAccessGuard');
  return client;
});
