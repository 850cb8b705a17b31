/** The meta tag of an embed's page that the server answered a gate's form with (apps/api watch-page.html.ts). */
export const SHARE_GRANT_META = 'stream:share-grant';

/**
 * The grant through a link's gate that this page was served with, taken out of the page and kept
 * in memory only: an embed on another site gets no cookie of ours, so its calls carry
 * the grant instead. Undefined on every other page.
 */
export function takePageShareGrant(doc: Document | undefined = globalThis.document): string | undefined {
  const meta = doc?.querySelector<HTMLMetaElement>(`meta[name="${SHARE_GRANT_META}"]`);
  if (!meta) return undefined;
  meta.remove();
  return meta.content || undefined;
}
