import { describe, expect, it } from 'vitest';
import { renderGatePage } from './link-gate-page';

const shell = { beforeHeadEnd: '<!doctype html><html><head>', fromHeadEnd: '</head><body></body></html>' };
const branding = { productName: 'Acme <Video>', logoUrl: '', accentColor: '' };

describe('a gated link’s page', () => {
  it('has a title, a heading and the site’s name in a header, escaped', () => {
    const html = renderGatePage(
      shell,
      { action: '/s/tok/unlock', passwordRequired: true, emailRequired: false },
      branding,
    );
    expect(html).toContain('<title>A protected video · Acme &lt;Video&gt;</title>');
    expect(html).toContain('<h1 class="text-xl font-semibold">This video is protected</h1>');
    expect(html).toMatch(/<header[^>]*><a[^>]*href="\/">Acme &lt;Video&gt;<\/a><\/header>/);
  });

  it('has no header inside another site’s frame', () => {
    const html = renderGatePage(
      shell,
      { action: '/embed/tok/unlock', passwordRequired: true, emailRequired: false },
      branding,
    );
    expect(html).not.toContain('<header');
  });
});
