/**
 * Where a resident's page lives (CONTRACT §12): `/my`, and a link to it `/my/{token}`. HTML pages
 * for people, not operations of the API, so they are not in the route table or the OpenAPI document.
 */
export const RESIDENT_PAGE_PATH = '/my';
