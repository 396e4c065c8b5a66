/**
 * The rate-limit key of a client address: IPv4 as it is (also when IPv4-mapped), IPv6 by its
 * /64, since one machine commonly holds a whole /64 and could otherwise rotate through it. A
 * key that is not an IP address (a host's own `getClientKey` may answer a user id) is kept as
 * it is. Written without `node:net`, so the token endpoint helper runs on any runtime; the
 * reference service uses it too.
 */
export function addressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The eight groups of an IPv6 address (a zone `%eth0` left out), or null if it is not one. */
function ipv6Groups(address: string): string[] | null {
  const text = address.replace(/%[\w.-]+$/, '');
  if (!text.includes(':') || !/^[\da-f:.]+$/i.test(text)) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const split = (half: string | undefined) => (half ? half.split(':') : []);
  const left = split(halves[0]);
  const right = split(halves[1]);
  // An embedded IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) counts as two groups.
  const last = (right.length > 0 ? right : left).at(-1) ?? '';
  const v4 = /^\d{1,3}(?:\.\d{1,3}){3}$/.test(last) ? 1 : 0;
  const count = left.length + right.length + v4;
  if (halves.length === 2 ? count > 7 : count !== 8) return null;
  const groups = [...left, ...Array<string>(8 - count).fill('0'), ...right];
  if (!groups.every((group) => /^[\da-f]{1,4}$/i.test(group) || /\./.test(group))) return null;
  return groups;
}
