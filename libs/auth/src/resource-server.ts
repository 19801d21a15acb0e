/**
 * `@curbside/auth/resource-server`: for another team's service that accepts Curbside's access
 * tokens. It needs neither Curbside's database nor its signing key: it asks Curbside (RFC 7662).
 */
export { AuthException } from './lib/auth.exception';
export {
  AuthProblemFilter,
  authProblem,
  CurbsideAccessGuard,
  CurbsideCaller,
  type CurbsideCallerInfo,
  CurbsideResourceServerModule,
  IntrospectionFailed,
  RESOURCE_SERVER_OPTIONS,
  type ResourceServerOptions,
  TokenIntrospector,
} from './lib/resource-server';
