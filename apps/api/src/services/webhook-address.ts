import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { VideoError } from './video';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * Whether `address` is a public unicast address a webhook may reach. Loopback, private (10/8,
 * 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16 with the cloud metadata service,
 * fe80::/10), carrier-grade NAT, unspecified, multicast, broadcast and reserved ranges are not;
 * an IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** The URL a hook may be registered with: http(s), no credentials, at most 2,048 characters. */
export function parseWebhookUrl(text: string): URL {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > MAX_WEBHOOK_URL_LENGTH)
    throw new VideoError('invalid_argument', `A webhook URL is 1 to ${MAX_WEBHOOK_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new VideoError('invalid_argument', 'A webhook URL is an http:// or https:// address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new VideoError('invalid_argument', 'A webhook URL is an http:// or https:// address');
  if (url.username || url.password)
    throw new VideoError('invalid_argument', 'A webhook URL carries no user name or password');
  return url;
}

/** The host of `url` as an address when it is one (brackets of IPv6 removed), else undefined. */
const literalAddress = (url: URL) => {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : undefined;
};

/**
 * Every address `url`'s host stands for: itself when it is an address, else what DNS answers.
 * Refuses (invalid_argument) when it has none, or when `allowPrivate` is false and any one of
 * them is not public: a name with one private address among public ones could reach it.
 */
export async function checkWebhookHost(url: URL, allowPrivate: boolean): Promise<void> {
  const literal = literalAddress(url);
  const addresses = literal
    ? [literal]
    : await lookup(url.hostname, { all: true, verbatim: true }).then(
        (found) => found.map((entry) => entry.address),
        () => [],
      );
  if (addresses.length === 0)
    throw new VideoError('invalid_argument', `The webhook's host ${url.hostname} does not resolve`);
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused && !allowPrivate)
    throw new VideoError(
      'invalid_argument',
      `The webhook's host ${url.hostname} is, or resolves to, a non-public address (${refused}): loopback, private, link-local and metadata addresses are refused`,
    );
}
