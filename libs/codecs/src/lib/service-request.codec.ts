import { SERVICE_REQUEST_TYPES, type ServiceRequest } from '@curbside/domain';
import { ISO_DATE_SCHEMA, isoDateShape } from './dates';
import { type ObjectReader, type ValueParser, atMost, dateIn, decodeStrictly, oneOf, text } from './reader';

/** One member of the body of POST service-requests (CONTRACT §9). */
interface Member<T extends string = string> {
  wire: string;
  required: boolean;
  parse: ValueParser<T>;
  /** For free text: the most characters it takes, read and documented. */
  maxLength?: number;
  doc: Record<string, unknown>;
}

/** A free-text member of at most `maxLength` characters: its reader and its documented maximum. */
const freeText = (maxLength: number) => ({ parse: atMost(maxLength, text), maxLength });

/** The most characters each free-text member takes (a ticket comment is shown, and stored, in every system downstream). */
export const SERVICE_REQUEST_MAX_LENGTHS = { serviceId: 64, comments: 1000, requestedBy: 100, requestTrackingId: 200 } as const;

/**
 * The members of the body, in wire order, and what each accepts: its reader and its OpenAPI
 * schema are both made from this one table.
 */
/** A member of a service request, by its TypeScript name (`wireName` gives the wire's). */
export type ServiceRequestMember = 'type' | 'serviceId' | 'date' | 'comments' | 'requestedBy' | 'requestTrackingId';

const MEMBERS = {
  type: {
    wire: 'type',
    required: true as const,
    parse: oneOf(SERVICE_REQUEST_TYPES),
    doc: { enum: [...SERVICE_REQUEST_TYPES], example: 'MISSED_PICKUP' },
  },
  serviceId: {
    wire: 'service_id',
    required: true as const,
    ...freeText(SERVICE_REQUEST_MAX_LENGTHS.serviceId),
    doc: { description: 'One of the customer\u2019s services (GET services)', example: '5001' },
  },
  date: {
    wire: 'date',
    required: true as const,
    parse: dateIn(isoDateShape),
    doc: {
      ...ISO_DATE_SCHEMA,
      description:
        'The pickup day, in TIME_ZONE: for MISSED_PICKUP today or one of the 2 working days before it; for EXTRA_PICKUP after today, at most 60 days ahead. Either way the service must have a pickup that day.',
      example: '2026-11-26',
    },
  },
  comments: {
    wire: 'comments',
    required: false as const,
    ...freeText(SERVICE_REQUEST_MAX_LENGTHS.comments),
    doc: { example: 'The cart was at the curb by 6 am' },
  },
  requestedBy: { wire: 'requested_by', required: false as const, ...freeText(SERVICE_REQUEST_MAX_LENGTHS.requestedBy), doc: { example: 'Maria Alvarez' } },
  requestTrackingId: {
    wire: 'request_tracking_id',
    required: false as const,
    ...freeText(SERVICE_REQUEST_MAX_LENGTHS.requestTrackingId),
    doc: { description: 'Allowed, as published bodies repeat it; the header is what is echoed' },
  },
} satisfies Record<ServiceRequestMember, Member<string>>;

const required = <T extends string>(r: ObjectReader, member: Member<T> & { required: true }): T => r.required(member.wire, member.parse);
const optional = <T extends string>(r: ObjectReader, member: Member<T> & { required: false }): T | null => r.optional(member.wire, member.parse);

/** The body's request; `request_tracking_id` is allowed and ignored. */
function readRequest(r: ObjectReader): ServiceRequest {
  const request = {
    type: required(r, MEMBERS.type),
    serviceId: required(r, MEMBERS.serviceId),
    date: required(r, MEMBERS.date),
    comments: optional(r, MEMBERS.comments),
    requestedBy: optional(r, MEMBERS.requestedBy),
  };
  optional(r, MEMBERS.requestTrackingId);
  return request;
}

const members: Member[] = Object.values(MEMBERS);
const maxLengthOf = ({ maxLength }: Member): { maxLength?: number } => (maxLength === undefined ? {} : { maxLength });
const REQUEST_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: members.filter((m) => m.required).map((m) => m.wire),
  properties: Object.fromEntries(members.map((m) => [m.wire, { type: 'string', ...maxLengthOf(m), ...m.doc }])),
};

/** Residents' requests: a missed pickup reported, an extra pickup booked (CONTRACT §9). */
export const serviceRequestCodec = {
  /**
   * Strictly reads the body of POST service-requests: every problem (a missing or unknown member,
   * a type not listed, a date that is not a real `yyyy-MM-dd`) is one DecodeError listing them all.
   */
  decode(body: unknown): ServiceRequest {
    return decodeStrictly(body, '', readRequest);
  },

  /** The wire name of a request member, for problems that name it (`serviceId` -> `service_id`). */
  wireName(member: ServiceRequestMember): string {
    return MEMBERS[member].wire;
  },

  /** The JSON Schema of that body, for the OpenAPI document. */
  schema: (): Record<string, unknown> => structuredClone(REQUEST_SCHEMA),
};
