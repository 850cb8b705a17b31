import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkWebhookHost, isPublicAddress } from './webhook-address';

/** The header carrying a delivery's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = 'stream-signature';
/** A receiver answers within this long, or the attempt fails. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** The signature header's value for `body` sent at `unixSeconds` with `secret`. */
export function signature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** What one attempt came to: the receiver's status, or why there was none. */
export type AttemptOutcome = { status: number } | { error: string };

/**
 * A DNS lookup that refuses any non-public answer: the connection goes to an address checked at
 * that moment, so a name that resolved to a public address at registration and to a private one
 * now (DNS rebinding) reaches nothing.
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...(options as object), all: true } as LookupAllOptions, (error, found: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = found.find((entry) => !isPublicAddress(entry.address));
    if (refused || found.length === 0) {
      const why = new Error(`${hostname} resolves to a non-public address (${refused?.address ?? 'none'})`);
      return callback(Object.assign(why, { code: 'EADDRNOTPUBLIC' }), '', 0);
    }
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, found);
    return callback(null, found[0]!.address, found[0]!.family);
  });
};

/**
 * POSTs `body` to `url` signed with `secret`; the answer's status, or the error. Without
 * `allowPrivate` the host is checked again (an address written in the URL) and every address DNS
 * gives is checked as the connection is made. Redirects are not followed.
 */
export async function deliver(options: {
  url: string;
  secret: string;
  body: string;
  event: string;
  deliveryId: string;
  allowPrivate: boolean;
  timeoutMs?: number;
}): Promise<AttemptOutcome> {
  const url = new URL(options.url);
  try {
    await checkWebhookHost(url, options.allowPrivate);
  } catch (error) {
    return { error: (error as Error).message };
  }
  const client = url.protocol === 'https:' ? https : http;
  const now = Math.floor(Date.now() / 1000);
  return new Promise<AttemptOutcome>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(options.body),
          'user-agent': 'Stream-Webhooks/1',
          'stream-event': options.event,
          'stream-delivery': options.deliveryId,
          [SIGNATURE_HEADER]: signature(options.secret, options.body, now),
        },
        timeout: options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
        ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (response) => {
        response.resume(); // the answer's body is not kept
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', () => resolve({ status: response.statusCode ?? 0 }));
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`No answer within ${options.timeoutMs ?? DELIVERY_TIMEOUT_MS} ms`)),
    );
    request.on('error', (error) => resolve({ error: error.message }));
    request.end(options.body);
  });
}
