import { BlockList, isIP } from 'node:net';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether TRUST_PROXY names `address` as a proxy (`hop` 0: the peer); server.ts decorates it. */
    trustsProxy?: (address: string | undefined, hop: number) => boolean;
  }
}

/**
 * TRUST_PROXY, parsed: trust no proxy (false), every hop (true: the legacy form, which lets any
 * client write its own address), the last `n` hops, or the proxies at these addresses.
 */
export type TrustProxy = boolean | number | string[];

/** proxy-addr's (and Express's) names for the private ranges. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** `false`/`no`, `true`/`yes`, a hop count (`0` is false), or addresses/CIDRs/range names, comma separated. */
export function parseTrustProxy(text: string | undefined): TrustProxy {
  const value = (text ?? '').trim();
  if (value === '' || /^(false|no)$/i.test(value)) return false;
  if (/^(true|yes)$/i.test(value)) return true;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Math.min(Number(value), 32);
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) rangesOf(entry); // throws on a bad one
  return entries;
}

/** Who is trusted to report the client: `(address, hop)` as Fastify's `trustProxy` function takes it (hop 0: the peer). */
export function trustFunction(setting: TrustProxy): (address: string | undefined, hop: number) => boolean {
  if (setting === false) return () => false;
  if (setting === true) return () => true;
  if (typeof setting === 'number') return (_, hop) => hop < setting;
  const list = new BlockList();
  for (const range of setting.flatMap(rangesOf)) {
    const [address, bits] = range.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    if (!address) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    const plain = mapped ?? address;
    const type = isIP(plain) === 6 ? 'ipv6' : isIP(plain) === 4 ? 'ipv4' : undefined;
    return type !== undefined && list.check(plain, type);
  };
}

/** What Fastify's `trustProxy` option gets: nothing, everything, or our function (Fastify ignores a bare hop count). */
export function fastifyTrustProxy(setting: TrustProxy): boolean | ((address: string, hop: number) => boolean) {
  return typeof setting === 'boolean' ? setting : trustFunction(setting);
}

function rangesOf(entry: string): string[] {
  const named = NAMED_RANGES[entry.toLowerCase()];
  if (named) return named;
  const [address, bits, extra] = entry.split('/');
  const version = isIP(address ?? '');
  const maxBits = version === 6 ? 128 : 32;
  if (!version || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))) {
    throw new Error(
      `expected true, false, a hop count, or proxy addresses/CIDRs separated by commas (e.g. 127.0.0.1 or 10.0.0.0/8); "${entry}" is none of these`,
    );
  }
  return [entry];
}
