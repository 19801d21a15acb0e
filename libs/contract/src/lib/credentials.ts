/**
 * How long the members of a token or introspection request may be (CONTRACT §2); longer is `400`
 * `invalid_request`, answered before anything is counted or stored. Issued client ids have 19
 * characters and secrets 43; an access token has some 300.
 */
export const CREDENTIAL_LIMITS = {
  client_id: 64,
  client_secret: 256,
  token: 4096,
} as const;
