import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may not post: this machine, private networks, link-local addresses
 * (the cloud metadata service, 169.254.169.254, among them) and the unspecified address. A
 * webhook's URL is an integrator's, so without this the notifier would POST, signed, to whatever
 * inside the network an integrator names. WEBHOOKS_ALLOW_LOOPBACK lets tests and development post
 * to loopback receivers; nothing lets the rest through.
 */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const INTERNAL = new BlockList();
INTERNAL.addSubnet('0.0.0.0', 8, 'ipv4');
INTERNAL.addSubnet('10.0.0.0', 8, 'ipv4');
INTERNAL.addSubnet('172.16.0.0', 12, 'ipv4');
INTERNAL.addSubnet('192.168.0.0', 16, 'ipv4');
INTERNAL.addSubnet('169.254.0.0', 16, 'ipv4');
INTERNAL.addAddress('::', 'ipv6');
INTERNAL.addSubnet('fc00::', 7, 'ipv6');
INTERNAL.addSubnet('fe80::', 10, 'ipv6');

/** Why a webhook may not post to `address` (an IP address); null when it may. */
export function refusedAddress(address: string, allowLoopback: boolean): string | null {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const mapped = family === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] : undefined;
  if (mapped !== undefined) return refusedAddress(mapped, allowLoopback);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(address, type)) return allowLoopback ? null : `${address} is this machine (loopback)`;
  if (INTERNAL.check(address, type)) return `${address} is a private, link-local or unspecified address`;
  return null;
}

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
