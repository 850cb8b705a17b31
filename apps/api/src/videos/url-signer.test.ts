import { describe, expect, it } from 'vitest';
import { UrlSigner } from './url-signer';

const secret = 'a-test-secret-that-is-long';

describe('UrlSigner', () => {
  it('verifies what it signed, for that resource and id only', () => {
    const signer = new UrlSigner(secret, 3600);
    const { expires, signature } = signer.sign('video', 'abc');
    expect(signer.verify('video', 'abc', String(expires), signature)).toBe(true);
    expect(signer.verify('thumbnail', 'abc', String(expires), signature)).toBe(false);
    expect(signer.verify('video', 'abd', String(expires), signature)).toBe(false);
    expect(signer.verify('video', 'abc', String(expires + 1), signature)).toBe(false);
    expect(signer.verify('video', 'abc', String(expires), `${signature.slice(1)}A`)).toBe(false);
    expect(signer.verify('video', 'abc', undefined, signature)).toBe(false);
    expect(new UrlSigner('another-secret-entirely', 3600).verify('video', 'abc', String(expires), signature)).toBe(
      false,
    );
  });

  it('signs the link generation: a URL verifies for the generation it was signed for only', () => {
    const signer = new UrlSigner(secret, 3600);
    const first = signer.sign('video', 'abc', undefined, 0);
    const second = signer.sign('video', 'abc', undefined, 1);
    expect(second.signature).not.toBe(first.signature);
    expect(signer.verify('video', 'abc', String(second.expires), second.signature, 1)).toBe(true);
    expect(signer.verify('video', 'abc', String(second.expires), second.signature, 0)).toBe(false);
    expect(signer.verify('video', 'abc', String(second.expires), second.signature, 2)).toBe(false);
    expect(signer.verify('video', 'abc', String(first.expires), first.signature, 1)).toBe(false);
    expect(signer.verify('video', 'abc', String(second.expires), second.signature, -1)).toBe(false);
    // Generation 0 is how URLs were signed before generations: those stay valid.
    expect(signer.verify('video', 'abc', String(first.expires), first.signature)).toBe(true);
    expect(signer.sign('video', 'abc')).toEqual(first);
  });

  it('mints expiries between the lifetime and 1.1× it, the same for calls close together', () => {
    let now = 1_800_000_100_000; // 100 s past a step boundary
    const signer = new UrlSigner(secret, 3600, () => now);
    const first = signer.sign('video', 'abc');
    expect(first.expires - now / 1000).toBeGreaterThanOrEqual(3600);
    expect(first.expires - now / 1000).toBeLessThanOrEqual(3960);
    now += 1000;
    expect(signer.sign('video', 'abc')).toEqual(first);
  });

  it('refuses an expired signature', () => {
    let now = 1_800_000_000_000;
    const signer = new UrlSigner(secret, 60, () => now);
    const { expires, signature } = signer.sign('video', 'abc');
    now = expires * 1000 + 1;
    expect(signer.verify('video', 'abc', String(expires), signature)).toBe(false);
  });

  it('keeps refusing expired and altered signatures of a URL it has just verified', () => {
    let now = 1_800_000_000_000;
    const signer = new UrlSigner(secret, 60, () => now);
    const { expires, signature } = signer.sign('video', 'abc');
    for (let i = 0; i < 3; i++) expect(signer.verify('video', 'abc', String(expires), signature)).toBe(true);
    expect(signer.verify('video', 'abc', String(expires), `${signature.slice(0, -1)}A`)).toBe(false);
    // Many other URLs in between: the remembered signatures stay bounded and correct.
    for (let i = 0; i < 5000; i++) signer.verify('video', `id-${i}`, String(expires), signature);
    expect(signer.verify('video', 'abc', String(expires), signature)).toBe(true);
    now = expires * 1000 + 1;
    expect(signer.verify('video', 'abc', String(expires), signature)).toBe(false);
  });
});
