import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignedResource =
  'video' | 'thumbnail' | 'original' | 'storyboard' | 'captions' | 'mp4' | 'hls' | 'export' | 'photo';

export interface SignedQuery {
  expires: number;
  signature: string;
}

const EXPECTED_SIGNATURES_KEPT = 4096;

/**
 * Short-lived signatures for stream and thumbnail URLs, so a `<video src>` (which cannot send an
 * Authorization header) can play a video its viewer was allowed to see. The signature is an HMAC
 * of resource, video id, expiry and the video's link generation (raised to revoke the
 * URLs handed out; generation 0 signs as URLs did before it existed, so those stay valid). Expiries are rounded up to a tenth of the lifetime, so calls
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
  sign(resource: SignedResource, videoId: string, notAfter?: Date, generation = 0): SignedQuery {
    const step = Math.max(1, Math.ceil(this.ttlSeconds / 10));
    const earliest = Math.floor(this.now() / 1000) + this.ttlSeconds;
    const rounded = Math.ceil(earliest / step) * step;
    const expires = notAfter ? Math.min(rounded, Math.floor(notAfter.getTime() / 1000)) : rounded;
    return { expires, signature: this.mac(resource, videoId, expires, generation) };
  }

  /** Whether the signature is this server's for these values (whether `generation` is still current is the caller's check). */
  verify(resource: SignedResource, videoId: string, expires: unknown, signature: unknown, generation = 0): boolean {
    if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
    const at = Number(expires);
    if (at * 1000 < this.now()) return false;
    if (!Number.isSafeInteger(generation) || generation < 0) return false;
    const expected = this.expectedSignature(resource, videoId, at, generation);
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private expectedSignature(resource: SignedResource, videoId: string, expires: number, generation: number): Buffer {
    const key = signedText(resource, videoId, expires, generation);
    let signature = this.expected.get(key);
    if (!signature) {
      signature = Buffer.from(this.mac(resource, videoId, expires, generation));
      if (this.expected.size >= EXPECTED_SIGNATURES_KEPT) this.expected.clear();
      this.expected.set(key, signature);
    }
    return signature;
  }

  /**
   * A signature that does not expire, for bytes that never change under their random id (a
   * profile photo: a new one gets a new id), so their URL can be kept and cached.
   */
  stamp(resource: SignedResource, id: string): string {
    return this.mac(resource, id, 0, 0);
  }

  /** Whether `signature` is this server's stamp of `id`. */
  verifyStamp(resource: SignedResource, id: string, signature: unknown): boolean {
    if (typeof signature !== 'string') return false;
    const expected = this.expectedSignature(resource, id, 0, 0);
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private mac(resource: SignedResource, videoId: string, expires: number, generation: number): string {
    return createHmac('sha256', this.secret)
      .update(signedText(resource, videoId, expires, generation))
      .digest('base64url');
  }
}

const signedText = (resource: SignedResource, videoId: string, expires: number, generation: number) =>
  generation === 0 ? `${resource}\n${videoId}\n${expires}` : `${resource}\n${videoId}\n${expires}\n${generation}`;
