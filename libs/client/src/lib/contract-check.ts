import type { OperationId, ResponseBodies, ServiceRequestBody } from '@curbside/contract';
import type { operations } from '../generated/openapi';

/*
 * A type-level test, compiled with the library: the JSON bodies of the generated types (read
 * off the OpenAPI document) and the body types of @curbside/contract must be assignable both
 * ways, operation by operation. A field renamed on one side only fails typecheck here, naming
 * the operation.
 */

/** The JSON body of an operation's 200, or of its 201 (a POST that creates). */
type JsonBody<Id extends keyof operations> = operations[Id]['responses'] extends { 200: { content: { 'application/json': infer Body } } }
  ? Body
  : operations[Id]['responses'] extends { 201: { content: { 'application/json': infer Body } } }
    ? Body
    : never;

/** The operations with a JSON body (not the health probes, which document none, nor the calendar feed). */
type JsonOperation = { [Id in keyof operations]: [JsonBody<Id>] extends [never] ? never : Id }[keyof operations];

type Agree<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The operations whose document and contract disagree: none. */
type Disagreements = { [Id in JsonOperation & OperationId]: Agree<JsonBody<Id>, ResponseBodies[Id]> extends true ? never : Id }[JsonOperation & OperationId];

/** The document's operations are the contract's. */
type Unmatched = Exclude<keyof operations, OperationId> | Exclude<OperationId, keyof operations>;

export const DOCUMENT_AGREES_WITH_CONTRACT: [Disagreements | Unmatched] extends [never] ? true : Disagreements | Unmatched = true;

/** The request bodies agree too: POST service-requests' document schema and the contract's `ServiceRequestBody`. */
type ServiceRequestDocument = NonNullable<operations['createServiceRequest']['requestBody']>['content']['application/json'];
export const SERVICE_REQUEST_BODY_AGREES: Agree<ServiceRequestDocument, ServiceRequestBody> = true;
