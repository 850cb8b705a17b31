import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PageBranding } from '../sharing';

/** Where the instance's branding is served as a stylesheet, for pages whose CSP is `style-src 'self'` (no inline style). */
export const BRANDING_CSS_PATH = '/api/branding.css';

const ACCENT = /^#[0-9a-f]{6}$/i;

/** The branding's CSS: the accent as daisyUI's primary colour ('' when the theme's own stays). */
export const brandingCss = (branding: PageBranding) =>
  ACCENT.test(branding.accentColor) ? `:root{--color-primary:${branding.accentColor.toLowerCase()}}\n` : '';

const versionOf = (css: string) => createHash('sha256').update(css).digest('base64url').slice(0, 12);

/** The stylesheet's address for this branding, its version in the query (a new colour, a new URL); undefined without CSS. */
export function brandingStylesheetHref(branding: PageBranding): string | undefined {
  const css = brandingCss(branding);
  return css ? `${BRANDING_CSS_PATH}?v=${versionOf(css)}` : undefined;
}

/**
 * GET /api/branding.css: the branding as a stylesheet from 'self', which the pages' Content
 * Security Policy admits where it refuses an inline `<style>`. The address a page names (its `v`
 * is the current version) is cached for a year; any other asks again each time.
 */
export function registerBrandingCss(app: FastifyInstance, branding: { current(): Promise<PageBranding> }) {
  app.get<{ Querystring: { v?: string } }>(BRANDING_CSS_PATH, async (request, reply) => {
    const css = brandingCss(await branding.current());
    const current = request.query.v === versionOf(css);
    return reply
      .type('text/css; charset=utf-8')
      .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(css);
  });
}
