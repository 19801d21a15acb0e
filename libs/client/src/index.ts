export {
  type CallOptions,
  CurbsideClient,
  type CurbsideClientOptions,
  type CreatedServiceTicket,
  type CreateServiceRequestOptions,
  IDEMPOTENCY_HEADER,
  type ServiceRequestInput,
  type DisposalTicketDetail,
  type DisposalTicketList,
  type GetBody,
  type GetOperation,
  type GetParams,
  type GetPath,
  type Query,
  type RawCallOptions,
  SERVICE_REQUESTS,
  type ServiceTicketDetail,
  type ServiceTicketList,
  TICKET,
  TICKETS,
  TRACKING_HEADER,
} from './lib/client';
export { CurbsideProblemError } from './lib/problem-error';
export { type Credentials } from './lib/token-source';
export { verifyWebhookSignature, SIGNATURE_HEADER, EVENT_ID_HEADER, type VerifyOptions } from '@curbside/contract';
export type { paths, operations, components } from './generated/openapi';
