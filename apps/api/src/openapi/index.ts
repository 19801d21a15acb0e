// The OpenAPI document's shared parts: who may call, the problems every route can answer.
export { BodyEdgeProblems, CLIENT_BASIC, CustomerApi, DatabaseUnavailableResponse, JsonBodyProblems, problemContent, ProblemResponse } from './document';
// OpenAPI response documentation, made from the codecs' own output.
export { CalendarResponse, CreatedWireResponse, WireResponse } from './wire-response';
// CONTRACT §11: the `lang` query parameter of the resident-facing pages and the calendar feed.
export { LanguageQuery } from './language-query';
