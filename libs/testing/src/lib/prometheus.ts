// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the parser ships no types; this file is what brings ours into every program that imports @curbside/testing
/// <reference path="../types/parse-prometheus-text-format.d.ts" />
import parsePrometheusTextFormat from 'parse-prometheus-text-format';

export interface MetricSample {
  labels: Record<string, string>;
  value: number;
}

/** A `/metrics` exposition, parsed by a Prometheus text-format parser. */
export interface Exposition {
  /** The declared type of each metric family: `counter`, `gauge`, `histogram`, ... */
  typeOf(family: string): string | undefined;
  /** The samples of one series (e.g. `x_total`, `x_bucket`, `x_count`) whose labels include `labels`. */
  samples(series: string, labels?: Record<string, string>): MetricSample[];
}

interface ParsedFamily {
  name: string;
  type: string;
  metrics: Array<{ labels?: Record<string, string>; value?: string }>;
}

export function parseExposition(text: string): Exposition {
  const types = new Map((parsePrometheusTextFormat(text) as ParsedFamily[]).map((family) => [family.name, family.type.toLowerCase()]));
  // Without its TYPE lines, every series (a histogram's _bucket, _sum and _count too) parses as
  // untyped samples of its own name, labels kept: the parser groups labelled histograms into one.
  const untyped = text
    .split('\n')
    .filter((line) => !line.startsWith('# TYPE '))
    .join('\n');
  const series = new Map<string, MetricSample[]>();
  for (const family of parsePrometheusTextFormat(untyped) as ParsedFamily[]) {
    const samples = family.metrics.map((sample) => ({ labels: sample.labels ?? {}, value: Number(sample.value) }));
    series.set(family.name, [...(series.get(family.name) ?? []), ...samples]);
  }
  return {
    typeOf: (family) => types.get(family),
    samples: (name, labels = {}) => {
      const found = series.get(name);
      if (found === undefined) throw new Error(`no series ${name} in the exposition`);
      return found.filter((sample) => Object.entries(labels).every(([label, value]) => sample.labels[label] === value));
    },
  };
}
