/**
 * Whether a webhook URL's host is one the server refuses without WEBHOOK_ALLOW_PRIVATE, judged
 * without DNS (a browser has none): localhost names, and IPv4/IPv6 literals in the loopback,
 * private, link-local (cloud metadata), carrier-grade NAT, unspecified, multicast or reserved
 * ranges. Any other name counts as public (the server would also resolve it).
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const v4 = ipv4(host) ?? mappedIpv4(host);
  if (v4) return !publicIpv4(v4);
  if (host.includes(':')) return !publicIpv6(host);
  return false;
}

function ipv4(host: string): number[] | undefined {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return undefined;
  return parts.map(Number);
}

/** ::ffff:a.b.c.d, or as URL writes it, ::ffff:xxxx:yyyy. */
function mappedIpv4(host: string): number[] | undefined {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host)?.[1];
  if (dotted) return ipv4(dotted);
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!hex) return undefined;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255];
}

function publicIpv4([a, b, c]: number[]): boolean {
  if (a === 0 || a === 10 || a === 127 || a! >= 224) return false; // this network, private, loopback, multicast, reserved
  if (a === 100 && b! >= 64 && b! <= 127) return false; // carrier-grade NAT
  if (a === 169 && b === 254) return false; // link-local, cloud metadata
  if (a === 172 && b! >= 16 && b! <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false; // IETF, TEST-NET-1
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  if ((a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) return false; // TEST-NET-2/3
  return true;
}

/** Global unicast (2000::/3) outside documentation (2001:db8::/32); everything else is not public. */
function publicIpv6(host: string): boolean {
  const first = parseInt(host.split(':')[0] || '0', 16);
  if (first < 0x2000 || first > 0x3fff) return false;
  return !host.startsWith('2001:db8:') && !host.startsWith('2001:0db8:');
}
