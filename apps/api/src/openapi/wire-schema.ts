import type { SchemaObject } from '@nestjs/swagger';
import type { WireObject, WireValue } from '@curbside/codecs';

/**
 * The OpenAPI schema of a wire body, read off a real example: every leaf is a string (the
 * interface's convention), objects list their members in wire order, and arrays are unwrapped
 * in XML (the member name repeats once per item), as CONTRACT §4 says. The items of an array
 * are merged, so a member that only some items carry (PAYMENT lines' `payment_info`) is optional.
 * A member the example does not show is not allowed: the e2e suites check every response against this.
 */
export function wireSchema(example: WireObject, xmlRoot = 'response'): SchemaObject {
  return { ...schemaOf(example), xml: { name: xmlRoot } };
}

function schemaOf(value: WireValue): SchemaObject {
  if (typeof value === 'string') return { type: 'string', example: value };
  if (Array.isArray(value)) return { type: 'array', xml: { wrapped: false }, items: itemsSchema(value) };
  const members = Object.entries(value);
  return {
    type: 'object',
    additionalProperties: false,
    required: members.map(([name]) => name),
    properties: Object.fromEntries(members.map(([name, member]) => [name, schemaOf(member)])),
  };
}

function itemsSchema(items: WireValue[]): SchemaObject {
  const objects = items.filter((item): item is WireObject => typeof item === 'object' && !Array.isArray(item));
  if (objects.length === 0) return items.length > 0 ? schemaOf(items[0]) : { type: 'object' };
  const merged: WireObject = Object.assign({}, ...[...objects].reverse());
  const schema = schemaOf(merged);
  schema.required = Object.keys(merged).filter((name) => objects.every((item) => name in item));
  return schema;
}
