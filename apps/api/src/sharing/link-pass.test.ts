import { describe, expect, it } from 'vitest';
import { EMBED_GRANT_TTL_SECONDS, LINK_PASS_TTL_SECONDS, LinkPasses } from './link-pass';
import { hashLinkPassword, linkPasswordMatches } from './link-password';

describe('link passes', () => {
  let now = Date.UTC(2026, 10, 27);
  const passes = new LinkPasses('secret', () => now);
  const link = { token: 'tok-1', passwordHash: 'scrypt$a' };

  it('open the link they were issued for, carrying the email given', () => {
    expect(passes.check(link, [passes.issue(link)])).toBe('');
    expect(passes.check(link, ['junk', passes.issue(link, 'dana@example.com')])).toBe('dana@example.com');
  });

  it('open no other link, nor the same link once its password changed, nor after 12 hours', () => {
    const pass = passes.issue(link, 'dana@example.com');
    expect(passes.check({ ...link, token: 'tok-2' }, [pass])).toBeUndefined();
    expect(passes.check({ ...link, passwordHash: 'scrypt$b' }, [pass])).toBeUndefined();
    expect(new LinkPasses('other secret', () => now).check(link, [pass])).toBeUndefined();
    const [expires, , mac] = pass.split('.');
    const otherEmail = Buffer.from('eve@example.com').toString('base64url');
    expect(passes.check(link, [`${expires}.${otherEmail}.${mac}`])).toBeUndefined();
    now += (LINK_PASS_TTL_SECONDS + 1) * 1000;
    expect(passes.check(link, [pass])).toBeUndefined();
  });

  it('an embed grant lasts its own shorter time', () => {
    const grant = passes.issue(link, '', EMBED_GRANT_TTL_SECONDS);
    expect(EMBED_GRANT_TTL_SECONDS).toBeLessThan(LINK_PASS_TTL_SECONDS);
    now += (EMBED_GRANT_TTL_SECONDS - 1) * 1000;
    expect(passes.check(link, [grant])).toBe('');
    now += 2000;
    expect(passes.check(link, [grant])).toBeUndefined();
  });
});

describe('link passwords', () => {
  it('are kept as scrypt hashes that match only the password they were made from', async () => {
    const stored = await hashLinkPassword('open sesame');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(stored).not.toContain('sesame');
    expect(await hashLinkPassword('open sesame')).not.toBe(stored); // salted
    expect(await linkPasswordMatches('open sesame', stored)).toBe(true);
    expect(await linkPasswordMatches('open sesame ', stored)).toBe(false);
    expect(await linkPasswordMatches('open sesame', 'plain')).toBe(false);
  });
});
