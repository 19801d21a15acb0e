import type { WireRecord } from './fixtures';

/** One GET request per documented variant of a route. */
export interface DocumentedGet {
  /** The path as the document writes it, e.g. `/api/v1/customers/{customerId}/tickets`. */
  template: string;
  /** A request to make: the template filled in, with the variant's query (e.g. `?ticket_type=disposal`). */
  path: string;
  /** The operation's query parameters, by name. */
  query: Record<string, WireRecord>;
}

/** Values for path parameters, given the variant's query (a ticket id depends on `ticket_type`). */
export type PathSamples = Record<string, (query: Record<string, string>) => string>;

/**
 * Every GET under /api that the OpenAPI document lists, once per value of each enumerated query
 * parameter (and once without it), so that a new route or variant is tested without being named.
 * A path parameter without a sample fails loudly: add it to `samples`. With `taking`, only the
 * routes that take that query parameter (e.g. `limit`: the lists).
 */
export function documentedGets(document: WireRecord, samples: PathSamples, taking?: string): DocumentedGet[] {
  const queryOf = (item: WireRecord): Record<string, WireRecord> =>
    Object.fromEntries(((item.get.parameters ?? []) as WireRecord[]).filter((p) => p.in === 'query').map((p) => [p.name, p]));
  return Object.entries(document.paths as Record<string, WireRecord>)
    .filter(([template, item]) => template.startsWith('/api/') && item.get !== undefined)
    .filter(([, item]) => taking === undefined || taking in queryOf(item))
    .flatMap(([template, item]) => {
      const query = queryOf(item);
      // A required query parameter (e.g. the ETA's requestDate) takes its documented example, or its first value.
      const required = Object.fromEntries(
        Object.values(query)
          .filter((p) => p.required === true)
          .map((p) => [p.name, p.example ?? p.schema?.example ?? p.schema?.enum?.[0]])
          .filter(([, value]) => value !== undefined),
      );
      const variants: Array<Record<string, string>> = [
        {},
        ...Object.values(query).flatMap((p) => ((p.schema?.enum ?? []) as string[]).map((value) => ({ [p.name]: value }))),
      ].map((variant) => ({ ...required, ...variant }));
      return variants.map((variant) => {
        const filled = template.replace(/\{(\w+)\}/g, (_, name: string) => {
          const sample = samples[name];
          if (sample === undefined) throw new Error(`No sample value for {${name}} of ${template}: add one to the samples`);
          return encodeURIComponent(sample(variant));
        });
        const search = new URLSearchParams(variant).toString();
        return { template, path: search === '' ? filled : `${filled}?${search}`, query };
      });
    });
}
