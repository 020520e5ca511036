import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Outbound webhooks reach only public addresses (docs/decisions/039). Every delivery resolves the
 * endpoint's host, refuses it when any address it resolves to is not public, and then connects
 * to the address it checked (the request's `lookup` is pinned to it), so a DNS answer that
 * changes between the check and the connection (rebinding) cannot lead anywhere else. Redirects
 * are never followed.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** DNS resolution, injectable: tests answer with any address they like. */
export type LookupFn = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: LookupFn = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

// Two lists: a BlockList holding IPv6 rules also matches IPv4 addresses through their mapped form
// (::ffff:0:0/96 would then refuse every IPv4 address), so each family is checked on its own.
const blocked4 = new BlockList();
const blocked6 = new BlockList();
// IPv4: "this" network, private (RFC 1918), shared/CGNAT, loopback, link-local (cloud metadata
// 169.254.169.254), IETF protocol assignments, documentation, benchmarking, multicast, reserved,
// broadcast.
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked4.addSubnet(net, prefix, 'ipv4');
}
// IPv6: unspecified and loopback, IPv4-mapped and -translated (they would reach an IPv4 address
// unchecked), NAT64, discard, Teredo and documentation, 6to4 (embeds an IPv4), unique local
// (fc00::/7), link-local, site-local, multicast.
for (const [net, prefix] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked6.addSubnet(net, prefix, 'ipv6');
}

function isLoopback(address: string): boolean {
  return isIP(address) === 4 ? address.startsWith('127.') : address === '::1';
}

/** True when the address may be connected to. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !blocked4.check(address, 'ipv4') : !blocked6.check(address, 'ipv6');
}

export interface GuardOptions {
  lookup: LookupFn;
  /**
   * Test only (OUTBOUND_WEBHOOKS_ALLOW_LOOPBACK, refused in production): a receiver on this
   * machine's loopback, over http or https, is allowed. Every other rule stays.
   */
  allowLoopback: boolean;
}

export class TargetRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'TargetRefused';
  }
}

/**
 * Checks an endpoint address without resolving it (at registration): https, no user info, a
 * host that is a name or a public address. Throws TargetRefused.
 */
export function checkUrlShape(raw: string, options: Pick<GuardOptions, 'allowLoopback'>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused('not a URL');
  }
  if (url.username || url.password) throw new TargetRefused('user info in the URL');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host) !== 0;
  const loopbackAllowed =
    options.allowLoopback && (literal ? isLoopback(host) : host === 'localhost');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackAllowed))
    throw new TargetRefused('not https');
  if (literal && !isPublicAddress(host) && !loopbackAllowed)
    throw new TargetRefused(`address ${host} is not public`);
  if (!literal && (host === 'localhost' || host.endsWith('.localhost')) && !loopbackAllowed)
    throw new TargetRefused('localhost');
  return url;
}

/**
 * The address to connect to for this URL, checked after resolution: every address the name
 * resolves to must be public (one private answer refuses the lot, so a round-robin cannot
 * smuggle one in), and the first is the one used.
 */
export async function resolveTarget(
  raw: string,
  options: GuardOptions,
): Promise<{ url: URL; target: ResolvedAddress }> {
  const url = checkUrlShape(raw, options);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  let addresses: ResolvedAddress[];
  if (family !== 0) {
    addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await options.lookup(host);
    } catch {
      throw new TargetRefused(`${host} did not resolve`);
    }
  }
  if (addresses.length === 0) throw new TargetRefused(`${host} did not resolve`);
  for (const a of addresses) {
    if (!isPublicAddress(a.address) && !(options.allowLoopback && isLoopback(a.address)))
      throw new TargetRefused(`${host} resolves to ${a.address}, which is not public`);
  }
  return { url, target: addresses[0]! };
}
