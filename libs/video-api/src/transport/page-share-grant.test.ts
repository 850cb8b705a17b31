// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { takePageShareGrant } from './page-share-grant';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('takePageShareGrant', () => {
  it("takes the grant an unlocked embed's page was served with out of the page, once", () => {
    document.head.innerHTML = '<meta name="stream:share-grant" content="1790000000..mac"><title>x</title>';
    expect(takePageShareGrant()).toBe('1790000000..mac');
    expect(document.querySelector('meta[name="stream:share-grant"]')).toBeNull();
    expect(takePageShareGrant()).toBeUndefined();
  });

  it('is undefined on a page without one', () => {
    document.head.innerHTML = '<meta name="application-name" content="Stream">';
    expect(takePageShareGrant()).toBeUndefined();
    expect(document.querySelector('meta[name="application-name"]')).not.toBeNull();
  });
});
