// The webhook address check over every way of writing an address a URL parser accepts: an
// address inside a non-public range, written in any IPv4 notation (short, octal, hex, one number,
// trailing dot, percent-encoded or full-width dots) or carried inside IPv6 (mapped, translated,
// compatible, NAT64, 6to4) in any IPv6 notation, is refused; a few public addresses in the same
// notations are accepted. Nothing is resolved or contacted: the resolver given fails the test.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/app-error';
import { checkWebhookHost, isPublicAddress, parseWebhookUrl, type HostResolver } from './webhook-address';

/** IPv4 ranges no webhook may reach: [first address as a number, prefix length]. */
const PRIVATE_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches this machine
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the cloud metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/** IPv6 ranges no webhook may reach, as [first group, mask of the first group]. */
const PRIVATE_V6: [number, number][] = [
  [0xfe80, 0xffc0], // link-local
  [0xfc00, 0xfe00], // unique local
  [0xff00, 0xff00], // multicast
  [0xfec0, 0xffc0], // the old site-local
];

const PUBLIC_V4 = ['8.8.8.8', '1.1.1.1', '93.184.216.34', '151.101.1.69'];
const PUBLIC_V6 = ['2606:4700:4700::1111', '2001:4860:4860::8888', '2a00:1450:4001:82b::200e'];

const toNumber = (dotted: string) => dotted.split('.').reduce((value, part) => value * 256 + Number(part), 0);
const octets = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

const privateV4 = fc
  .constantFrom(...PRIVATE_V4)
  .chain(([base, bits]) => fc.integer({ min: 0, max: 2 ** (32 - bits) - 1 }).map((host) => toNumber(base) + host));
const publicV4 = fc.constantFrom(...PUBLIC_V4).map(toNumber);

/** One number of an IPv4 address as a URL host may write it: decimal, octal (0…) or hex (0x…), in any case. */
const numberForm = (value: number) =>
  fc.oneof(
    fc.constant(String(value)),
    fc.nat({ max: 2 }).map((zeros) => `0${'0'.repeat(zeros)}${value.toString(8)}`),
    fc
      .record({ x: fc.constantFrom('0x', '0X'), zeros: fc.nat({ max: 2 }), upper: fc.boolean() })
      .map(({ x, zeros, upper }) => {
        const hex = value.toString(16);
        return `${x}${'0'.repeat(zeros)}${upper ? hex.toUpperCase() : hex}`;
      }),
  );

/** Every IPv4 notation WHATWG URL hosts accept for `n`: 1 to 4 parts, any radix, odd dots. */
const v4Notation = (n: number) =>
  fc.integer({ min: 1, max: 4 }).chain((count) => {
    const [a, b, c, d] = octets(n) as [number, number, number, number];
    const parts = [[n], [a, n & 0xffffff], [a, b, (c << 8) | d], [a, b, c, d]][count - 1]!;
    return fc
      .record({
        parts: fc.tuple(...parts.map(numberForm)),
        dots: fc.array(fc.constantFrom('.', '.', '%2e', '%2E', '\uff0e', '\u3002'), {
          minLength: 4,
          maxLength: 4,
        }),
        trailingDot: fc.boolean(),
        fullWidth: fc.boolean(),
      })
      .map(({ parts: written, dots, trailingDot, fullWidth }) => {
        // Full-width digits are mapped to ASCII by the URL parser's IDNA step, as dots are.
        const digits = (part: string) =>
          fullWidth ? part.replace(/[0-9]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) + 0xfee0)) : part;
        const text = written.map((part, i) => (i === 0 ? digits(part) : `${dots[i]}${digits(part)}`)).join('');
        return trailingDot ? `${text}.` : text;
      });
  });

/** An IPv6 address (8 groups) as a URL may write it: zeros compressed or not, padded, any case, last 32 bits dotted. */
const v6Notation = (groups: readonly number[]) =>
  fc
    .record({
      compress: fc.nat({ max: 8 }),
      pad: fc.array(fc.nat({ max: 3 }), { minLength: 8, maxLength: 8 }),
      upper: fc.boolean(),
      dottedTail: fc.boolean(),
    })
    .map(({ compress, pad, upper, dottedTail }) => {
      const written = groups.map((group, i) => {
        const hex = group.toString(16);
        const text = '0'.repeat(Math.max(0, Math.min(pad[i]!, 4 - hex.length))) + hex;
        return upper ? text.toUpperCase() : text;
      });
      let head = written.slice(0, 6);
      const tail = dottedTail ? [octets(groups[6]! * 65536 + groups[7]!).join('.')] : written.slice(6);
      // Compress a run of zero groups starting at `compress`, when one starts there.
      let run = 0;
      while (compress + run < 6 && groups[compress + run] === 0) run++;
      if (run >= 1) {
        const before = head.slice(0, compress).join(':');
        const after = [...head.slice(compress + run), ...tail].join(':');
        return `[${before}::${after}]`;
      }
      head = [...head, ...tail];
      return `[${head.join(':')}]`;
    });

const groupsOf = (high: readonly number[], v4: number) => [...high, v4 >>> 16, v4 & 0xffff];

/** IPv6 addresses carrying the IPv4 `v4`: mapped, translated, compatible, NAT64, 6to4. */
const carrying = (v4: number, withCompatible: boolean) =>
  fc.oneof(
    fc.constant(groupsOf([0, 0, 0, 0, 0, 0xffff], v4)),
    fc.constant(groupsOf([0, 0, 0, 0, 0xffff, 0], v4)),
    fc.constant(groupsOf([0x64, 0xff9b, 0, 0, 0, 0], v4)),
    fc
      .array(fc.nat({ max: 0xffff }), { minLength: 5, maxLength: 5 })
      .map((rest) => [0x2002, v4 >>> 16, v4 & 0xffff, ...rest]),
    ...(withCompatible ? [fc.constant(groupsOf([0, 0, 0, 0, 0, 0], v4))] : []),
  );

const privateV6Native = fc.oneof(
  fc.constant([0, 0, 0, 0, 0, 0, 0, 1]),
  fc.constant([0, 0, 0, 0, 0, 0, 0, 0]),
  fc
    .record({
      range: fc.constantFrom(...PRIVATE_V6),
      first: fc.nat({ max: 0xffff }),
      rest: fc.array(fc.nat({ max: 0xffff }), { minLength: 7, maxLength: 7 }),
    })
    .map(({ range: [base, mask], first, rest }) => [base | (first & ~mask & 0xffff), ...rest]),
);

/** A URL around `host`: http or https, an optional port, a path. */
const urlAround = (host: fc.Arbitrary<string>) =>
  fc
    .record({
      host,
      scheme: fc.constantFrom('http', 'https', 'HTTP'),
      port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
      path: fc.constantFrom('/', '/hook', '/latest/meta-data/', ''),
    })
    .map(({ host: written, scheme, port, path }) => `${scheme}://${written}${port ? `:${port}` : ''}${path}`);

const privateUrl = urlAround(
  fc.oneof(
    privateV4.chain(v4Notation),
    privateV4.chain((v4) => carrying(v4, true)).chain(v6Notation),
    // An IPv4-compatible address is refused whatever IPv4 it carries.
    publicV4.map((v4) => groupsOf([0, 0, 0, 0, 0, 0], v4)).chain(v6Notation),
    privateV6Native.chain(v6Notation),
  ),
);

const publicUrl = urlAround(
  fc.oneof(
    publicV4.chain(v4Notation),
    publicV4.chain((v4) => carrying(v4, false)).chain(v6Notation),
    fc.constantFrom(...PUBLIC_V6).map((text) => `[${text}]`),
  ),
);

/** A resolver that records what it was asked and answers nothing: a literal address must never reach it. */
function noDns() {
  const asked: string[] = [];
  const resolve: HostResolver = async (hostname) => {
    asked.push(hostname);
    return [];
  };
  return { asked, resolve };
}

const refusal = async (check: Promise<void>) => {
  try {
    await check;
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('the webhook address check', () => {
  it('refuses every notation of a loopback, private, link-local or otherwise non-public address, without DNS', async () => {
    await fc.assert(
      fc.asyncProperty(privateUrl, async (text) => {
        const dns = noDns();
        const url = parseWebhookUrl(text);
        const error = await refusal(checkWebhookHost(url, false, dns.resolve));
        expect(error, `${text} (read as ${url.hostname})`).toBeInstanceOf(AppError);
        expect((error as AppError).kind).toBe('invalid_argument');
        expect((error as AppError).message).toMatch(/non-public address/);
        expect(isPublicAddress(url.hostname.replace(/^\[|\]$/g, ''))).toBe(false);
        // WEBHOOK_ALLOW_PRIVATE (tests, a LAN-only instance) lets the same URL through.
        expect(await refusal(checkWebhookHost(url, true, dns.resolve))).toBeUndefined();
        expect(dns.asked).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts public addresses in the same notations (checked, never contacted)', async () => {
    await fc.assert(
      fc.asyncProperty(publicUrl, async (text) => {
        const dns = noDns();
        const url = parseWebhookUrl(text);
        expect(await refusal(checkWebhookHost(url, false, dns.resolve)), `${text} (read as ${url.hostname})`).toBe(
          undefined,
        );
        expect(dns.asked).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses localhost names without asking DNS, and asks DNS for other names', async () => {
    for (const text of [
      'http://localhost/',
      'http://LOCALHOST./x',
      'https://api.localhost:8443/',
      'http://a.b.Localhost./',
    ]) {
      const dns = noDns();
      const error = await refusal(checkWebhookHost(parseWebhookUrl(text), false, dns.resolve));
      expect((error as AppError).message, text).toMatch(/non-public address/);
      expect(dns.asked).toEqual([]);
    }
    const dns = noDns();
    const unresolved = await refusal(
      checkWebhookHost(parseWebhookUrl('https://hooks.example.com/x'), false, dns.resolve),
    );
    expect((unresolved as AppError).message).toMatch(/does not resolve/);
    expect(dns.asked).toEqual(['hooks.example.com']);
    // A name with one private address among public ones is refused.
    const mixed = await refusal(
      checkWebhookHost(parseWebhookUrl('https://hooks.example.com/x'), false, async () => ['8.8.8.8', '::7f00:1']),
    );
    expect((mixed as AppError).message).toMatch(/non-public address \(::7f00:1\)/);
  });
});
