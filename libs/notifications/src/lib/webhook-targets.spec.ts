import { refusedAddress, refusedHost } from './webhook-targets';

/**
 * One address in every block of the IANA special-purpose registries (IPv4 and IPv6), the cloud
 * metadata services, and IPv4 carried in IPv6: each is refused, whether or not loopback is allowed.
 */
const REFUSED: ReadonlyArray<[block: string, address: string]> = [
  ['0.0.0.0/8 "this network"', '0.0.0.0'],
  ['0.0.0.0/8 "this network"', '0.1.2.3'],
  ['10.0.0.0/8 private', '10.0.0.8'],
  ['100.64.0.0/10 shared address space', '100.64.0.1'],
  ['100.64.0.0/10: Alibaba Cloud metadata', '100.100.100.200'],
  ['169.254.0.0/16 link-local: the metadata service', '169.254.169.254'],
  ['172.16.0.0/12 private', '172.31.255.255'],
  ['192.0.0.0/24 IETF protocol assignments', '192.0.0.192'],
  ['192.0.0.0/24 IETF protocol assignments', '192.0.0.8'],
  ['192.0.2.0/24 TEST-NET-1', '192.0.2.1'],
  ['192.88.99.0/24 6to4 relay anycast', '192.88.99.1'],
  ['192.168.0.0/16 private', '192.168.1.10'],
  ['198.18.0.0/15 benchmarking', '198.18.0.1'],
  ['198.18.0.0/15 benchmarking', '198.19.255.254'],
  ['198.51.100.0/24 TEST-NET-2', '198.51.100.7'],
  ['203.0.113.0/24 TEST-NET-3', '203.0.113.9'],
  ['224.0.0.0/4 multicast', '224.0.0.1'],
  ['224.0.0.0/4 multicast', '239.255.255.250'],
  ['240.0.0.0/4 reserved', '240.0.0.1'],
  ['240.0.0.0/4 reserved', '250.1.2.3'],
  ['255.255.255.255/32 limited broadcast', '255.255.255.255'],
  ['Azure wire server', '168.63.129.16'],
  ['::/128 unspecified', '::'],
  ['::/96 IPv4-compatible (deprecated)', '::7f00:1'],
  ['::ffff:0:0/96 IPv4-mapped, link-local inside', '::ffff:169.254.169.254'],
  ['::ffff:0:0/96 IPv4-mapped, private inside', '::ffff:10.0.0.1'],
  ['::ffff:0:0:0/96 SIIT, loopback inside', '::ffff:0:7f00:1'],
  ['64:ff9b::/96 NAT64, loopback inside', '64:ff9b::7f00:1'],
  ['64:ff9b::/96 NAT64, metadata inside', '64:ff9b::a9fe:a9fe'],
  ['64:ff9b:1::/48 local-use NAT64', '64:ff9b:1::808:808'],
  ['100::/64 discard-only', '100::1'],
  ['2001::/32 Teredo, loopback client inside', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
  ['2001::/32 Teredo, private server inside', '2001:0:a00:1::'],
  ['2001:2::/48 benchmarking', '2001:2::1'],
  ['2001:db8::/32 documentation', '2001:db8::1'],
  ['2001:10::/28 ORCHID (deprecated)', '2001:10::1'],
  ['2002::/16 6to4, loopback inside', '2002:7f00:1::'],
  ['2002::/16 6to4, private inside', '2002:c0a8:101::1'],
  ['3fff::/20 documentation', '3fff::1'],
  ['5f00::/16 segment routing', '5f00::1'],
  ['fc00::/7 unique local', 'fd12:3456::1'],
  ['fc00::/7 unique local: the AWS metadata service', 'fd00:ec2::254'],
  ['fe80::/10 link-local', 'fe80::1'],
  ['fec0::/10 site-local (deprecated)', 'fec0::1'],
  ['ff00::/8 multicast', 'ff02::1'],
  ['ff00::/8 multicast', 'ff0e::1'],
  ['outside 2000::/3', '4000::1'],
];

const LOOPBACK = ['127.0.0.1', '127.255.255.254', '::1', '::ffff:127.0.0.1'];

const GLOBAL = ['8.8.8.8', '1.1.1.1', '93.184.215.14', '2606:4700:4700::1111', '2001:4860:4860::8888', '64:ff9b::808:808', '2002:808:808::1'];

describe('refusedAddress: only global unicast passes (CONTRACT §5)', () => {
  it.each(REFUSED)('refuses %s: %s', (_block, address) => {
    expect(refusedAddress(address, false)).toEqual(expect.any(String));
    expect(refusedAddress(address, true)).toEqual(expect.any(String));
  });

  it.each(LOOPBACK)('refuses loopback %s, unless WEBHOOKS_ALLOW_LOOPBACK', (address) => {
    expect(refusedAddress(address, false)).toMatch(/loopback/);
    expect(refusedAddress(address, true)).toBeNull();
  });

  it.each(GLOBAL)('lets global unicast %s through', (address) => {
    expect(refusedAddress(address, false)).toBeNull();
  });

  it('says what an IPv6 address carries', () => {
    expect(refusedAddress('64:ff9b::7f00:1', false)).toBe('64:ff9b::7f00:1 is this machine (loopback)');
    expect(refusedAddress('2002:c0a8:101::1', false)).toBe('2002:c0a8:101::1 is not a global unicast address (private: it carries 192.168.1.1)');
  });

  it('refuses what is not an address', () => {
    expect(refusedAddress('example.com', false)).toBe('example.com is not an IP address');
    expect(refusedAddress('1.2.3', false)).toBe('1.2.3 is not an IP address');
  });

  it('applies to a URL whose host is an address, as written', () => {
    expect(refusedHost(new URL('https://[64:ff9b::7f00:1]/hook'), true)).toEqual(expect.any(String));
    expect(refusedHost(new URL('https://100.100.100.200/latest'), false)).toEqual(expect.any(String));
    expect(refusedHost(new URL('https://example.com/hook'), false)).toBeNull();
  });
});
