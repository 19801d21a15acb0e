// OpenAPI response documentation, made from the codecs' own output.
export { WireResponse } from './wire-response';
