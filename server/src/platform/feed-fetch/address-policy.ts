import { BlockList, isIP } from 'node:net';

/**
 * Addresses a feed may never be fetched from unless its host or IP is allow-listed
 * (FEED_ALLOW_HOSTS): this machine, private networks, link-local (cloud metadata at
 * 169.254.169.254), carrier-grade NAT, multicast and reserved ranges, the IPv6 equivalents,
 * and every IPv4-mapped IPv6 address (::ffff:10.0.0.1 would reach a private host).
 */
// Two lists: a BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules too, so the
// ::ffff:0:0/96 rule would otherwise block every IPv4 address.
const BLOCKED_V4 = new BlockList();
const BLOCKED_V6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED_V4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED_V6.addSubnet(net, prefix, 'ipv6');
}

/** True when `address` (an IP literal) is in a range feeds may not reach. Non-IPs count as blocked. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) {
    return true;
  }
  return family === 4 ? BLOCKED_V4.check(address, 'ipv4') : BLOCKED_V6.check(address, 'ipv6');
}

/** Host names and IPs from FEED_ALLOW_HOSTS, compared lower-case and without IPv6 brackets. */
export type AllowHosts = ReadonlySet<string>;

export function allowHostsFrom(list: readonly string[]): AllowHosts {
  return new Set(list.map(bare).filter((h) => h !== ''));
}

/** `[::1]` → `::1`, lower-case, no trailing dot. */
export function bare(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}
