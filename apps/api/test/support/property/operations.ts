/** A JSON Schema of the OpenAPI document, `$ref`s resolved. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Schema = Record<string, any>;

export interface QueryParameter {
  name: string;
  schema: Schema;
}

/** One operation of the OpenAPI document, as the property suite needs it. */
export interface DocumentedOperation {
  method: string;
  /** The templated path, e.g. `/api/v1/customers/{customerId}/tickets/{ticketId}`. */
  path: string;
  queryParameters: QueryParameter[];
  /** The request body's media types and schema (the first media type's), if it takes one. */
  body: { mediaTypes: string[]; schema: Schema } | null;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Schema>>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, Schema> };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** Every operation of `document`: whatever routes exist when the suite runs are the routes it tries. */
export function documentedOperations(document: OpenApiDocument): DocumentedOperation[] {
  const resolve = (schema: Schema | undefined): Schema => resolveRefs(document, schema ?? {});
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => {
        const parameters: Schema[] = operation.parameters ?? [];
        const content: Record<string, Schema> | undefined = operation.requestBody?.content;
        return {
          method: method.toUpperCase(),
          path,
          queryParameters: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: resolve(p.schema) })),
          body: content === undefined ? null : { mediaTypes: Object.keys(content), schema: resolve(Object.values(content)[0]?.schema) },
        };
      }),
  );
}

/** The names of the `{parameters}` of a templated path. */
export const pathParameters = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);

/** Where the document's OAuth 2.0 client-credentials flow gets tokens (RFC 6749 errors there, not problems). */
export function tokenUrls(document: OpenApiDocument): string[] {
  return Object.values(document.components?.securitySchemes ?? {})
    .map((scheme) => scheme.flows?.clientCredentials?.tokenUrl)
    .filter((url): url is string => typeof url === 'string');
}

function resolveRefs(document: OpenApiDocument, schema: Schema, depth = 0): Schema {
  if (depth > 20) return {};
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop() as string;
    return resolveRefs(document, document.components?.schemas?.[name] ?? {}, depth + 1);
  }
  const resolved: Schema = { ...schema };
  if (schema.items) resolved.items = resolveRefs(document, schema.items, depth + 1);
  if (schema.properties) {
    resolved.properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, Schema>).map(([name, member]) => [name, resolveRefs(document, member, depth + 1)]),
    );
  }
  for (const key of ['oneOf', 'anyOf', 'allOf']) {
    if (Array.isArray(schema[key])) resolved[key] = schema[key].map((option: Schema) => resolveRefs(document, option, depth + 1));
  }
  return resolved;
}
