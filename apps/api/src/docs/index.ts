// OpenAPI response documentation, made from the codecs' own output.
export { CalendarResponse, CreatedWireResponse, WireResponse } from './wire-response';
