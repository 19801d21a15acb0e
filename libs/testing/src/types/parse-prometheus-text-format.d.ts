declare module 'parse-prometheus-text-format' {
  /** The Prometheus text format as prom2json's JSON: one object per metric family. */
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
