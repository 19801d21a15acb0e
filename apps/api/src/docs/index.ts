// OpenAPI response documentation, made from the codecs' own output.
export { CalendarResponse, WireResponse } from './wire-response';
