import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may post: global unicast addresses only (CONTRACT §5). A webhook's URL is an
 * integrator's, so without this the notifier would POST, signed, to whatever inside the network an
 * integrator names. The IANA special-purpose registries (IPv4 and IPv6) are `ipaddr.js`'s ranges:
 * anything it does not call `unicast` is refused, and so is IPv6 outside 2000::/3 (the only global
 * unicast block). IPv4 carried inside IPv6 (mapped, NAT64, 6to4, Teredo) is unwrapped and judged as
 * IPv4, so `64:ff9b::7f00:1` is no way around the rule. WEBHOOKS_ALLOW_LOOPBACK lets tests and
 * development post to this machine (127.0.0.0/8, ::1, and 127.x mapped into IPv6); nothing lets the
 * rest through.
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
/** NAT64's local-use prefix (RFC 8215): a network's own translator, never a global destination. */
const LOCAL_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48');

/**
 * Addresses that the registries call global unicast but that a cloud platform serves to its own
 * machines: Azure's wire server. The other metadata services are in special-purpose ranges already
 * (169.254.169.254 link-local, Alibaba's 100.100.100.200 shared address space, fd00:ec2::254 unique local).
 */
const PLATFORM_ADDRESSES = new Set(['168.63.129.16']);

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Why a webhook may not post to `address` (an IP address); null when it may. */
export function refusedAddress(address: string, allowLoopback: boolean): string | null {
  if (!ipaddr.isValid(address) || isIP(address) === 0) return `${address} is not an IP address`;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.range() === 'ipv4Mapped') return refusedV4(v6.toIPv4Address(), address, allowLoopback);
    if (v6.match(LOCAL_NAT64)) return `${address} is not a global unicast address (local-use NAT64)`;
    const embedded = embeddedV4(v6);
    if (embedded.length > 0) return embedded.map((v4) => refusedV4(v4, address, false)).find((reason) => reason !== null) ?? null;
    return refusedV6(v6, address, allowLoopback);
  }
  return refusedV4(parsed as ipaddr.IPv4, address, allowLoopback);
}

function refusedV4(v4: ipaddr.IPv4, written: string, allowLoopback: boolean): string | null {
  const range = v4.range();
  if (range === 'loopback') return allowLoopback ? null : `${written} is this machine (loopback)`;
  if (range !== 'unicast') return `${written} is not a global unicast address (${range}${embeddedNote(v4, written)})`;
  if (PLATFORM_ADDRESSES.has(v4.toString())) return `${written} is a cloud platform's own service`;
  return null;
}

function refusedV6(v6: ipaddr.IPv6, written: string, allowLoopback: boolean): string | null {
  const range = v6.range();
  if (range === 'loopback') return allowLoopback ? null : `${written} is this machine (loopback)`;
  if (range !== 'unicast' || !v6.match(GLOBAL_UNICAST_V6)) return `${written} is not a global unicast address (${range === 'unicast' ? 'outside 2000::/3' : range})`;
  return null;
}

/**
 * The IPv4 addresses an IPv6 address carries on a translation's behalf: NAT64 (64:ff9b::/96, RFC 6052, the
 * last 32 bits), SIIT (::ffff:0:0/96, RFC 6145), 6to4
 * (2002::/16, bits 16–47) and Teredo (2001::/32: its server in bits 32–63, its client's address
 * inverted in the last 32 bits). Empty for any other address.
 */
function embeddedV4(v6: ipaddr.IPv6): ipaddr.IPv4[] {
  const bytes = v6.toByteArray();
  const v4 = (from: number, invert = false): ipaddr.IPv4 =>
    new ipaddr.IPv4(bytes.slice(from, from + 4).map((byte) => (invert ? byte ^ 0xff : byte)));
  switch (v6.range()) {
    case 'rfc6052':
    case 'rfc6145':
      return [v4(12)];
    case '6to4':
      return [v4(2)];
    case 'teredo':
      return [v4(4), v4(12, true)];
    default:
      return [];
  }
}

const embeddedNote = (v4: Address, written: string): string => (v4.toString() === written ? '' : `: it carries ${v4.toString()}`);

/** Why a webhook may not post to the URL's host as written (an address, or a name for this machine); null when it may, so far. */
export function refusedHost(url: URL, allowLoopback: boolean): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
  if (isIP(host) !== 0) return refusedAddress(host, allowLoopback);
  if ((host === 'localhost' || host.endsWith('.localhost')) && !allowLoopback) return `${host} is this machine (loopback)`;
  return null;
}

/** A webhook's target refused after name resolution: the delivery fails for good. */
export class RefusedTarget extends Error {
  readonly code = 'WEBHOOK_TARGET_REFUSED';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http(s) that resolves as usual and refuses when any address is one a
 * webhook may not post to: checked on the very addresses the connection then uses, so a name
 * that resolves elsewhere the second time (DNS rebinding) gains nothing.
 */
export function guardedLookup(allowLoopback: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refusal = addresses.map(({ address }) => refusedAddress(address, allowLoopback)).find((reason) => reason !== null);
      if (refusal) return callback(new RefusedTarget(`${hostname} resolves to ${refusal}`), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** Why a webhook may not post to `url` once its name is resolved (create time); null when it may, or when it does not resolve now. */
export async function refusedAfterResolution(url: URL, allowLoopback: boolean): Promise<string | null> {
  const literal = refusedHost(url, allowLoopback);
  if (literal !== null || isIP(url.hostname.replace(/^\[(.*)\]$/, '$1')) !== 0) return literal;
  const addresses = await new Promise<LookupAddress[]>((resolve) => dnsLookup(url.hostname, { all: true }, (error, found) => resolve(error ? [] : found)));
  const refusal = addresses.map(({ address }) => refusedAddress(address, allowLoopback)).find((reason) => reason !== null);
  return refusal === undefined ? null : `${url.hostname} resolves to ${refusal}`;
}
