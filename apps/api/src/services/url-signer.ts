import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignedResource = 'video' | 'thumbnail' | 'original' | 'storyboard' | 'captions';

export interface SignedQuery {
  expires: number;
  signature: string;
}

const EXPECTED_SIGNATURES_KEPT = 4096;

/**
 * Short-lived signatures for stream and thumbnail URLs, so a `<video src>` (which cannot send an
 * Authorization header) can play a video its viewer was allowed to see. The signature is an HMAC
 * of resource, video id and expiry. Expiries are rounded up to a tenth of the lifetime, so calls
 * close together mint the same URL and a player does not reload on every refetch.
 */
export class UrlSigner {
  /**
   * The expected signatures of recently verified URLs: a playing video asks for hundreds of ranges
   * through one URL, and an HMAC is most of what checking one costs (about 45 µs). Bounded;
   * comparing with what a request presents stays constant-time.
   */
  private readonly expected = new Map<string, Buffer>();

  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** `notAfter`: the URL must stop working by then (a share link's expiry). */
  sign(resource: SignedResource, videoId: string, notAfter?: Date): SignedQuery {
    const step = Math.max(1, Math.ceil(this.ttlSeconds / 10));
    const earliest = Math.floor(this.now() / 1000) + this.ttlSeconds;
    const rounded = Math.ceil(earliest / step) * step;
    const expires = notAfter ? Math.min(rounded, Math.floor(notAfter.getTime() / 1000)) : rounded;
    return { expires, signature: this.mac(resource, videoId, expires) };
  }

  verify(resource: SignedResource, videoId: string, expires: unknown, signature: unknown): boolean {
    if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
    const at = Number(expires);
    if (at * 1000 < this.now()) return false;
    const expected = this.expectedSignature(resource, videoId, at);
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private expectedSignature(resource: SignedResource, videoId: string, expires: number): Buffer {
    const key = `${resource}\n${videoId}\n${expires}`;
    let signature = this.expected.get(key);
    if (!signature) {
      signature = Buffer.from(this.mac(resource, videoId, expires));
      if (this.expected.size >= EXPECTED_SIGNATURES_KEPT) this.expected.clear();
      this.expected.set(key, signature);
    }
    return signature;
  }

  private mac(resource: SignedResource, videoId: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${resource}\n${videoId}\n${expires}`).digest('base64url');
  }
}
