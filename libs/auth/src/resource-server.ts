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
  TrackingIdRefused,
} from './lib/resource-server';
export { bearerTokenOf, clientIdRefusal, customerRefusal, MAX_TRACKING_ID_LENGTH, type RequestHeaders, sentTrackingId, trackingIdRefusal } from './lib/access-rules';
