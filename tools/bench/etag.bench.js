#!/usr/bin/env node
/*
 * ETag cost (CONTRACT §7): what the negotiation interceptor adds to a list response. Before,
 * a JSON body was serialized by Fastify (JSON.stringify) and an XML body by `toXml`; now the
 * interceptor serializes JSON itself, without the tracking id, and hashes it with SHA-256 (for
 * XML, that JSON is made only to be hashed). Bodies are service-ticket lists of one page of
 * LIST_MAX_ITEMS (5,000) and of the 40,000 tickets a whole list had before paging.
 *
 * Run: npm run build && node tools/bench/etag.bench.js
 */
'use strict';

const { createHash } = require('node:crypto');
const path = require('node:path');

let codecs, etag, ticketList;
try {
  codecs = require('@curbside/codecs');
  ({ ticketList } = require('./ticket-lists'));
  etag = require(path.resolve(__dirname, '../../dist/apps/api/platform/entity-tag.js'));
} catch {
  console.error('Build first: npm run build');
  process.exit(1);
}
const { toXml } = codecs;
const { serialize, entityTag } = etag;

/** Median milliseconds of `work` over `runs` runs. */
function time(work, runs = 15) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    work();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

const rows = [];
for (const count of [5_000, 40_000]) {
  const list = ticketList(count);
  const size = Buffer.byteLength(JSON.stringify(list));
  const json = { before: time(() => JSON.stringify(list)), after: time(() => entityTag(serialize(list).untracked, 'json')) };
  const xml = {
    before: time(() => toXml(list)),
    after: time(() => {
      toXml(list);
      entityTag(serialize(list).untracked, 'xml');
    }),
  };
  rows.push({ count, size, json, xml });
}

const ms = (n) => n.toFixed(2);
console.log('| ticket list | JSON size | JSON before | JSON with ETag | XML before | XML with ETag | SHA-256 alone |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const { count, size, json, xml } of rows) {
  const sha = time(() => createHash('sha256').update('x'.repeat(size)).digest());
  console.log(
    `| ${count.toLocaleString('en')} tickets | ${(size / 1024 / 1024).toFixed(2)} MiB | ${ms(json.before)} ms | ${ms(json.after)} ms | ` +
      `${ms(xml.before)} ms | ${ms(xml.after)} ms | ${ms(sha)} ms |`,
  );
}
