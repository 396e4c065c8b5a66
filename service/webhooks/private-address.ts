import {BlockList, isIP} from 'node:net';

/**
 * IPv4 ranges no webhook may reach: they name this host, the operator's own networks, cloud
 * metadata (169.254.169.254) or nothing routable (RFC 6890 special-purpose registry).
 */
const privateIpv4: ReadonlyArray<readonly [network: string, prefix: number]> = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['168.63.129.16', 32], // Azure's host address: metadata, DNS and health probes of a VM
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
];

/** IPv6 ranges refused outright. */
const privateIpv6: ReadonlyArray<readonly [network: string, prefix: number]> = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form (::127.0.0.1)
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo: the IPv4 address inside is the client's, not a server's
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

/**
 * Node's address matcher. An IPv4 rule also matches the IPv4-mapped IPv6 spelling of its
 * addresses (`::ffff:127.0.0.1`, `::ffff:7f00:1`); the IPv6 forms that carry an IPv4
 * address elsewhere (NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) get a rule per IPv4 range.
 */
const blocked = new BlockList();
for (const [network, prefix] of privateIpv4) {
  blocked.addSubnet(network, prefix, 'ipv4');
  blocked.addSubnet(`64:ff9b::${network}`, 96 + prefix, 'ipv6');
  const [a, b, c, d] = network.split('.').map(Number) as [number, number, number, number];
  const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
  blocked.addSubnet(`2002:${hex(a, b)}:${hex(c, d)}::`, 16 + prefix, 'ipv6');
}
for (const [network, prefix] of privateIpv6) blocked.addSubnet(network, prefix, 'ipv6');

/**
 * Whether an IP address (as `dns.lookup` or `net.isIP` know it, IPv6 without brackets) is
 * loopback, private, link-local, metadata or otherwise not a public unicast address. A
 * string that is no IP address is refused too: nothing unknown gets through.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  // A zone (`fe80::1%eth0`) only exists on link-local addresses.
  if (bare.includes('%')) return true;
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) return blocked.check(bare, 'ipv6');
  return true;
}

/**
 * Whether a URL's host, as the WHATWG URL parser gives it in `URL.hostname` (which turns every
 * IPv4 spelling, `2130706433`, `0x7f.1`, `017700000001`, `127.1`, into dotted decimal and puts
 * IPv6 in brackets), is a private address literal or a `localhost` name. Other names are not
 * resolved here; the dispatcher checks what they resolve to before each delivery.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host.startsWith('[')) return isPrivateAddress(host);
  return isIP(host) === 4 ? isPrivateAddress(host) : false;
}

/** The address family of a host literal (`URL.hostname` form), or 0 for a name. */
export function literalFamily(hostname: string): 0 | 4 | 6 {
  return isIP(hostname.replace(/^\[(.*)\]$/, '$1')) as 0 | 4 | 6;
}
