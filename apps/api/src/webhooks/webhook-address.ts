import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from '../platform/app-error';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * Whether `address` is a public unicast address a webhook may reach. Loopback, private (10/8,
 * 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16 with the cloud metadata service,
 * fe80::/10), carrier-grade NAT, unspecified, multicast, broadcast and reserved ranges are not.
 * An IPv6 address that carries an IPv4 one is judged as that IPv4 (embeddedIPv4), whatever the
 * notation: a private IPv4 reached through a mapping, a NAT64 gateway or a 6to4 relay is still
 * private. IPv4 in short, octal, hex or one-number forms (127.1, 0x7f.1, 2130706433) is read as
 * the address it names.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const embedded = embeddedIPv4(parsed as ipaddr.IPv6);
  if (embedded !== undefined) return embedded !== 'refused' && embedded.range() === 'unicast';
  return parsed.range() === 'unicast';
}

/**
 * The IPv4 address an IPv6 one stands for, when its prefix embeds one: IPv4-mapped (::ffff:0:0/96)
 * and IPv4-translated (::ffff:0:0:0/96) addresses, well-known-prefix NAT64 (64:ff9b::/96, RFC 6052)
 * and 6to4 (2002::/16, the IPv4 in bits 16-47). 'refused' for prefixes whose IPv4 is not worth
 * decoding: IPv4-compatible addresses (::/96, deprecated by RFC 4291; a kernel with a SIT tunnel
 * still sends ::127.0.0.1 to 127.0.0.1) and local-use NAT64 (64:ff9b:1::/48, RFC 8215: a
 * site's own translator, whose embedding length varies). Teredo (2001::/32) is not unicast to
 * ipaddr.js and so refused as it is.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | 'refused' | undefined {
  const [a, b, c, d, e, f, g, h] = address.parts as [number, number, number, number, number, number, number, number];
  const fromParts = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const zeros = (...parts: number[]) => parts.every((part) => part === 0);
  if (zeros(a, b, c, d, e) && f === 0xffff) return fromParts(g, h);
  if (zeros(a, b, c, d) && e === 0xffff && f === 0) return fromParts(g, h);
  if (zeros(a, b, c, d, e, f)) return 'refused';
  if (a === 0x64 && b === 0xff9b && zeros(c, d, e, f)) return fromParts(g, h);
  if (a === 0x64 && b === 0xff9b && c === 1) return 'refused';
  if (a === 0x2002) return fromParts(b, c);
  return undefined;
}

/** Names that mean this machine whatever DNS says (RFC 6761), with or without the root's dot. */
const LOCALHOST = /(?:^|\.)localhost\.?$/i;

/** The URL a hook may be registered with: http(s), no credentials, at most 2,048 characters. */
export function parseWebhookUrl(text: string): URL {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > MAX_WEBHOOK_URL_LENGTH)
    throw new AppError('invalid_argument', `A webhook URL is 1 to ${MAX_WEBHOOK_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new AppError('invalid_argument', 'A webhook URL is an http:// or https:// address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new AppError('invalid_argument', 'A webhook URL is an http:// or https:// address');
  if (url.username || url.password)
    throw new AppError('invalid_argument', 'A webhook URL carries no user name or password');
  return url;
}

/** The host of `url` as an address when it is one (brackets of IPv6 removed), else undefined. */
const literalAddress = (url: URL) => {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : undefined;
};

/** Finds every address a host name stands for (DNS, /etc/hosts): node's own lookup unless a test gives one. */
export type HostResolver = (hostname: string) => Promise<string[]>;

const resolveHost: HostResolver = (hostname) =>
  lookup(hostname, { all: true, verbatim: true }).then(
    (found) => found.map((entry) => entry.address),
    () => [],
  );

/**
 * Every address `url`'s host stands for: itself when it is an address, else what DNS answers.
 * Refuses (invalid_argument) when it has none, or when `allowPrivate` is false and any one of
 * them is not public: a name with one private address among public ones could reach it. An
 * address or a localhost name is judged without asking DNS.
 */
export async function checkWebhookHost(
  url: URL,
  allowPrivate: boolean,
  resolve: HostResolver = resolveHost,
): Promise<void> {
  const literal = literalAddress(url);
  const refuse = (address: string) =>
    new AppError(
      'invalid_argument',
      `The webhook's host ${url.hostname} is, or resolves to, a non-public address (${address}): loopback, private, link-local and metadata addresses are refused`,
    );
  if (!literal && !allowPrivate && LOCALHOST.test(url.hostname)) throw refuse('localhost');
  const addresses = literal ? [literal] : await resolve(url.hostname);
  if (addresses.length === 0)
    throw new AppError('invalid_argument', `The webhook's host ${url.hostname} does not resolve`);
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused && !allowPrivate) throw refuse(refused);
}
