export { API_ERRORS, ApiErrorCode, AUTH_ERROR_STATUS, AuthErrorCode, type FieldError, type Problem, type ProblemCode } from './lib/errors';
export { type Format, type HttpMethod, type OperationId, type QueryParameter, type ResponseBodies, type Route, ROUTES } from './lib/routes';
export type * from './lib/bodies';
export { bounded, MAX_QUOTED_CHARACTERS, quoted } from './lib/quoted';
export { EVENT_ID_HEADER, SIGNATURE_HEADER, signWebhook, verifyWebhookSignature, type VerifyOptions } from './lib/webhook-signature';
export { signTextInbound, TEXT_INBOUND_SIGNATURE_HEADER, verifyTextInbound, type FormMembers } from './lib/text-inbound-signature';
export { CREDENTIAL_LIMITS } from './lib/credentials';
export { RESIDENT_PAGE_PATH } from './lib/resident-page';
