/**
 * Whether a URL's host (as `URL.hostname` gives it: IPv4 normalised to dotted decimal, IPv6 in
 * brackets) is a loopback, private, link-local or otherwise non-public address literal, or a
 * `localhost` name. Only literals are judged: names are not resolved, so a public name that
 * resolves to a private address passes (the check keeps honest mistakes and the obvious
 * internal targets out; it is no defence against DNS rebinding).
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host.startsWith('[') && host.endsWith(']')) return isPrivateIpv6(host.slice(1, -1));
  const v4 = ipv4(host);
  return v4 !== undefined && isPrivateIpv4(v4);
}

function ipv4(host: string): number[] | undefined {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : undefined;
}

function isPrivateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    a! >= 224 // multicast, reserved, broadcast
  );
}

function isPrivateIpv6(address: string): boolean {
  const words = ipv6Words(address);
  if (!words) return true; // not understood: refuse rather than guess
  const [first] = words;
  if (words.slice(0, 7).every((word) => word === 0) && words[7]! <= 1) return true; // :: and ::1
  // IPv4-mapped (::ffff:a.b.c.d): judged as the IPv4 address it stands for.
  if (words.slice(0, 5).every((word) => word === 0) && words[5] === 0xffff) {
    return isPrivateIpv4([words[6]! >> 8, words[6]! & 0xff, words[7]! >> 8, words[7]! & 0xff]);
  }
  return (
    (first! & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first! & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first! & 0xff00) === 0xff00 // multicast
  );
}

/** The eight 16-bit words of an IPv6 address as `URL` normalises it (no dotted tail, no zone). */
function ipv6Words(address: string): number[] | undefined {
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const parse = (half: string) => (half === '' ? [] : half.split(':'));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const words = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!words.every((word) => /^[0-9a-f]{1,4}$/.test(word))) return undefined;
  return words.map((word) => parseInt(word, 16));
}
