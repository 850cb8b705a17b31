import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './auth-cookies';

describe('sameOriginPath', () => {
  it('keeps a path of this site, with its query and fragment; none is /', () => {
    expect(sameOriginPath(undefined)).toBe('/');
    expect(sameOriginPath('')).toBe('/');
    expect(sameOriginPath('/library?tab=mine#top')).toBe('/library?tab=mine#top');
    expect(sameOriginPath('/v/abc/../def')).toBe('/v/def');
  });

  it('refuses anything that could leave the site or is not a path', () => {
    for (const next of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'library',
      '/ok\r\nSet-Cookie: x=1',
      '/tab\there',
      `/${'a'.repeat(2001)}`,
    ])
      expect(sameOriginPath(next)).toBeUndefined();
  });
});
