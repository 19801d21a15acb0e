#!/usr/bin/env node
/*
 * XML writer benchmark: which writer should stand behind `toXml` in @curbside/codecs?
 *
 * Candidates, each producing the same document (checked before timing):
 *   hand-written  — the writer `toXml` ships today (libs/codecs/src/lib/xml.ts)
 *   xml2js        — xml2js's Builder (xmlbuilder underneath)
 *   fast-xml-parser — fast-xml-parser's XMLBuilder
 *
 * Bodies are real response bodies, built by the library's own `responses` from generated
 * domain records: a single service-ticket detail, a 500-ticket list, and a disposal ticket
 * detail with 300 detail lines of 2 taxes each.
 *
 * Run: npx tsc -b libs/codecs/tsconfig.lib.json && node tools/bench/xml-writer.bench.js [--seconds=N]
 */
'use strict';

const assert = require('node:assert/strict');
const { isDeepStrictEqual } = require('node:util');
const xml2js = require('xml2js');
const { XMLBuilder } = require('fast-xml-parser');

let codecs;
try {
  codecs = require('@curbside/codecs');
} catch {
  console.error('Build the library first: npx tsc -b libs/codecs/tsconfig.lib.json (or npm run build)');
  process.exit(1);
}
const { responses, toXml, parseXml } = codecs;

const SECONDS_PER_RUN = Number((process.argv.find((a) => a.startsWith('--seconds=')) || '--seconds=1').split('=')[1]);
const RUNS = 5;
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

// ---- candidates -------------------------------------------------------------------------

const xml2jsBuilder = new xml2js.Builder({
  rootName: 'response',
  xmldec: { version: '1.0', encoding: 'UTF-8' },
  renderOpts: { pretty: false },
});
const fxpBuilder = new XMLBuilder({ format: false, processEntities: true, suppressEmptyNode: false });

const candidates = {
  'hand-written': (body) => toXml(body),
  xml2js: (body) => xml2jsBuilder.buildObject(body),
  'fast-xml-parser': (body) => DECLARATION + fxpBuilder.build({ response: body }),
};

// ---- bodies -----------------------------------------------------------------------------

const pad = (n, width = 2) => String(n).padStart(width, '0');
const at = (i) => `2024-${pad((i % 12) + 1)}-${pad((i % 28) + 1)}T${pad(i % 24)}:${pad(i % 60)}:${pad((i * 7) % 60)}.${pad((i * 37) % 1000, 3)}`;

function serviceTicket(i) {
  return {
    id: String(5000 + i),
    status: ['CLOSED', 'OPEN', 'VOIDED', 'PENDING'][i % 4],
    loadType: 'XPU',
    loadDescription: 'Extra pickup — rear gate & side door',
    createdAt: at(i),
    createdBy: 'portal',
    closedAt: i % 3 === 0 ? null : at(i + 1),
    closedBy: 'driver.118',
    dispatchedAt: at(i + 2),
    generated: i % 2 === 0,
    complaint: false,
    comments: `Gate code ${1000 + i} <use rear entrance>, café "Chez Émile"`,
    completionCode: 'CMP',
    completedDescription: 'Completed as requested',
    requestedBy: 'Maria Santos',
    loggedAt: at(i + 3),
    services: [
      { code: 'XPU', description: 'Extra pickup 4YD', quantity: '1', cost: '75.00', specialDescription: null },
      { code: 'OVR', description: 'Overage', quantity: '2', cost: '12.50', specialDescription: 'bags' },
    ],
  };
}

function ticketSummary(t) {
  const { id, status, loadType, loadDescription, createdAt, dispatchedAt } = t;
  return { id, status, loadType, loadDescription, createdAt, dispatchedAt, serviceCodes: t.services.map((s) => s.code) };
}

function disposalTicket(lines) {
  const tax = (seq, i) => ({ sequenceNumber: String(seq), id: String(60 + seq), name: 'ME-ST', description: 'State disposal tax', rate: '5.00', rateUom: 'TON', amount: `${i}.40` });
  const detail = (i) => ({
    sequenceNumber: String(i + 1),
    materialName: 'MSW',
    surchargeName: i % 5 === 0 ? 'Environmental' : null,
    description: `Municipal solid waste, load ${i} <mixed> & compacted`,
    volume: '20 YD3',
    generatorName: 'Harbor View Diner',
    roundedNetWeight: '5.28',
    roundedNetUom: 'TON',
    billedQuantity: '5.28',
    ratePerUnit: '68.25',
    rateUom: 'TON',
    origin: { id: '23005', description: 'Cumberland County' },
    amount: '360.36',
    totalTaxAmount: '28.83',
    totalAmount: '389.19',
    purchaseOrderNumber: '450012',
    manifestId: null,
    containerId: '88123',
    profile: { id: '4410', description: 'Non-hazardous commercial' },
    taxes: [tax(1, i), tax(2, i)],
  });
  return {
    id: '700102', haulingTicketId: '990011', replaceTicketId: null, voidTicketId: '700101',
    timeIn: at(1), timeOut: at(2), status: 'COMPLETED',
    weight: { gross: '28450', tare: '17890', net: '10560', uom: 'LB', roundedNet: '5.28', roundedNetUom: 'TON' },
    scaleIn: 'Scale 1', scaleOut: 'Scale 2', swipeCardId: null, volume: '20 YD3',
    materialSubtotal: '360.36', surcharge: '12.00', tax: '29.79', amount: '402.15', currency: 'USD',
    carrier: { id: 'C-22', description: 'Curbside Hauling Co.' }, site: { id: 'LF-04', name: 'Blue Ridge Landfill' },
    destination: 'Cell 3', routeId: 'R-118', notes: 'Replaces 700101', seal: { number1: '1101', number2: '1102' },
    customer: { name: 'Harbor View Diner', businessName: 'Harbor View Diner LLC', address: { street1: '12 Wharf Street', street2: null, city: 'Portland', state: 'Maine', country: 'US', zip: '04101', zip4: '3702' } },
    audit: { createdBy: 'scale.op7', createdAt: at(3), modifiedBy: 'scale.sup2', modifiedAt: at(4) },
    vehicle: { number: '118', description: 'Mack LR 118', driverName: 'Ray Okafor' },
    details: Array.from({ length: lines }, (_, i) => detail(i)),
  };
}

const tickets = Array.from({ length: 500 }, (_, i) => serviceTicket(i));
const bodies = {
  'ticket detail (1 ticket)': responses.ticketDetail('trk-1', tickets[0]),
  'ticket list (500 tickets)': responses.ticketList('trk-1', tickets.map(ticketSummary)),
  'disposal detail (300 lines)': responses.disposalDetail('trk-1', disposalTicket(300)),
};

// ---- measuring --------------------------------------------------------------------------

/** Operations per second of one timed run of about SECONDS_PER_RUN. */
function timedRun(run, body) {
  let ops = 0;
  const start = process.hrtime.bigint();
  const stop = start + BigInt(Math.round(SECONDS_PER_RUN * 1e9));
  let now = start;
  while (now < stop) {
    run(body);
    ops++;
    if ((ops & 7) === 0) now = process.hrtime.bigint();
  }
  return ops / (Number(process.hrtime.bigint() - start) / 1e9);
}

/**
 * Median ops/sec per writer on `body`. The writers take turns run by run, so that load from
 * anything else on the machine falls on all of them alike.
 */
function measure(body) {
  const writers = Object.entries(candidates);
  for (const [, write] of writers) timedRun(write, body); // warm-up
  const rates = new Map(writers.map(([name]) => [name, []]));
  for (let r = 0; r < RUNS; r++) {
    for (const [name, write] of writers) rates.get(name).push(timedRun(write, body));
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return writers.map(([name]) => [name, median(rates.get(name))]);
}

/**
 * Whether `write` keeps text that needs care exactly: markup characters, non-ASCII, emoji, and CR,
 * which must be written as a character reference (a conforming XML reader turns a literal CR into
 * LF; sax, under xml2js, happens not to, so the literal CR is checked for directly).
 */
async function keepsTrickyText(write) {
  const body = responses.ticketDetail('trk-1', { ...tickets[0], comments: 'line 1\r\nline 2 & <b>"x"</b> é 中文 😀' });
  try {
    const xml = write(body);
    return !xml.includes('\r') && isDeepStrictEqual(await parseXml(xml), await parseXml(toXml(body)));
  } catch {
    return false;
  }
}

async function main() {
  // Same document from every writer on the timed bodies, read back the way clients read it.
  for (const [bodyName, body] of Object.entries(bodies)) {
    const expected = await parseXml(toXml(body));
    for (const [name, write] of Object.entries(candidates)) {
      assert.deepEqual(await parseXml(write(body)), expected, `${name} differs on ${bodyName}`);
    }
  }
  for (const [name, write] of Object.entries(candidates)) {
    console.log(`${name}: keeps CR, markup, non-ASCII and emoji exactly: ${(await keepsTrickyText(write)) ? 'yes' : 'NO'}`);
  }
  console.log();

  console.log(`node ${process.version}, ${require('node:os').cpus()[0].model}; median of ${RUNS} interleaved runs x ${SECONDS_PER_RUN}s\n`);
  console.log('| body | size | writer | ops/sec | ms per body | vs. fastest |');
  console.log('|---|---:|---|---:|---:|---:|');
  for (const [bodyName, body] of Object.entries(bodies)) {
    const size = `${(Buffer.byteLength(toXml(body)) / 1024).toFixed(1)} KiB`;
    const rates = measure(body);
    const fastest = Math.max(...rates.map(([, rate]) => rate));
    for (const [name, rate] of rates) {
      const ms = (1000 / rate).toFixed(3);
      console.log(`| ${bodyName} | ${size} | ${name} | ${Math.round(rate).toLocaleString('en-US')} | ${ms} | ${(rate / fastest).toFixed(2)}x |`);
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
