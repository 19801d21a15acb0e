import { applyDecorators } from '@nestjs/common';
import type { ApiResponseOptions } from '@nestjs/swagger';
import { Documented } from './openapi-decorators';
import { toXml } from '@curbside/codecs';
import { ExampleName, examples, pickupCalendarExample } from './examples';
import { wireSchema } from './wire-schema';

/** The JSON and XML content of a 200 response, with the schema read off realistic examples. */
function wireContent(names: ExampleName[]): Record<string, object> {
  if (names.length === 0) return {};
  const bodies = names.map((name) => ({ name, body: examples[name]() }));
  const schemas = bodies.map(({ body }) => wireSchema(body));
  const schema = schemas.length === 1 ? schemas[0] : { anyOf: schemas };
  const named = (render: (body: (typeof bodies)[number]['body']) => unknown) =>
    Object.fromEntries(bodies.map(({ name, body }) => [name, { value: render(body) }]));
  return {
    'application/json': { schema, examples: named((body) => body) },
    'application/xml': { schema, examples: named((body) => toXml(body)) },
  };
}

/**
 * Documents a route's 200 response in JSON and XML, with the schema read off a realistic
 * example built by the codecs (see `examples`). A route that answers one of several bodies
 * (tickets: service or disposal, by `ticket_type`) names each; the schema is then an `anyOf`
 * (not `oneOf`: an empty list is both).
 * A response with headers of its own gives `{description, headers}`.
 */
export function WireResponse(described: Described, ...names: [ExampleName, ...ExampleName[]]): MethodDecorator {
  // The examples are made when the document is built, not when the API starts.
  return applyDecorators(Documented((swagger) => swagger.ApiOkResponse(wireResponseOptions(described, names))));
}

/** Documents a route's 201 response in JSON and XML, as `WireResponse` does a 200. */
export function CreatedWireResponse(described: Described, ...names: [ExampleName, ...ExampleName[]]): MethodDecorator {
  return applyDecorators(Documented((swagger) => swagger.ApiCreatedResponse(wireResponseOptions(described, names))));
}

type Described = string | { description: string; headers: NonNullable<ApiResponseOptions['headers']> };

function wireResponseOptions(described: Described, names: ExampleName[]): ApiResponseOptions {
  const { description, headers } = typeof described === 'string' ? { description: described, headers: undefined } : described;
  return { description, ...(headers === undefined ? {} : { headers }), content: wireContent(names) };
}

/** Documents a 200 response in iCalendar (RFC 5545), after the JSON and XML of `names` when the route negotiates. */
export function CalendarResponse(description: string, ...names: ExampleName[]): MethodDecorator {
  return applyDecorators(
    Documented((swagger) => {
      const calendar = { schema: { type: 'string' }, example: pickupCalendarExample() };
      return swagger.ApiOkResponse({ description, content: { ...wireContent(names), 'text/calendar': calendar } });
    }),
  );
}
