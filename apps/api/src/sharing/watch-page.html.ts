import { brandingStylesheetHref } from '../admin';

/** What a watch page's <head> says about its video, every URL absolute; undefined for an invalid link. */
export interface PagePreview {
  title: string;
  description: string;
  pageUrl: string;
  imageUrl?: string;
  videoUrl?: string;
  /** The type of `videoUrl`: the MP4 rendition once made (link previews play it inline), else the WebM. */
  videoType?: 'video/mp4' | 'video/webm';
  oembedUrl?: string;
}

/** The instance's branding the page carries: the product name, logo and accent colour. */
export interface PageBranding {
  productName: string;
  logoUrl: string;
  accentColor: string;
}

const STREAM: PageBranding = { productName: 'Stream', logoUrl: '', accentColor: '' };
const NOT_AVAILABLE = 'This video is not available';
/** A link asking a password or an email says only that: nothing of the video reaches link previews. */
const PROTECTED = 'A protected video';

/**
 * Text as HTML text or a quoted attribute value. A carriage return becomes a reference too: HTML
 * turns a raw CR (or CRLF) into LF before parsing, so a description would not come back exactly.
 */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"'\r]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '\r': '&#13;' })[char]!,
  );

const meta = (attribute: 'property' | 'name', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;

/** The web app's index.html cut where a watch page's head tags go: its own `<title>` removed. */
export interface PageShell {
  beforeHeadEnd: string;
  fromHeadEnd: string;
}

/** Cuts index.html once, at start-up; a page without `</head>` gets a head of its own. */
export function pageShell(indexHtml: string): PageShell {
  const title = /<title>[\s\S]*?<\/title>/i.exec(indexHtml);
  const html = title ? indexHtml.slice(0, title.index) + indexHtml.slice(title.index + title[0].length) : indexHtml;
  const headEnd = /<\/head>/i.exec(html);
  if (!headEnd) return { beforeHeadEnd: '<head>', fromHeadEnd: `</head>${html}` };
  return { beforeHeadEnd: html.slice(0, headEnd.index), fromHeadEnd: html.slice(headEnd.index) };
}

/**
 * The meta tag an unlocked embed's page carries its grant in: the web app reads it into
 * memory and sends it with its calls, since a frame on another site gets no cookie of ours.
 */
export const SHARE_GRANT_META = 'stream:share-grant';

/**
 * The web app's index.html with a watch page's head: `<title>`, Open Graph, Twitter and oEmbed
 * discovery tags, so a pasted link unfurls without running JavaScript. An invalid link gets a
 * generic title and nothing about any video; a gated link ('locked') a title saying it is protected,
 * and once unlocked in an embed, its `grant`. The body stays the single-page app.
 *
 * Only concatenation: user text passed to `String.replace` as the replacement would be read as a
 * pattern (`$'` pulls in the text after the match, `` $` `` the text before it).
 */
export function renderWatchPage(
  shell: PageShell,
  preview: PagePreview | 'locked' | undefined,
  branding: PageBranding = STREAM,
  grant?: string,
): string {
  const site = escapeHtml(branding.productName);
  const tags =
    preview === 'locked'
      ? [`<title>${PROTECTED} · ${site}</title>`, meta('name', 'robots', 'noindex')]
      : preview
        ? videoTags(preview, branding)
        : [`<title>${NOT_AVAILABLE} · ${site}</title>`, meta('name', 'robots', 'noindex')];
  const grantTags = grant ? [meta('name', SHARE_GRANT_META, grant)] : [];
  return `${shell.beforeHeadEnd}${[...tags, ...brandTags(branding), ...grantTags].join('\n    ')}\n  ${shell.fromHeadEnd}`;
}

/**
 * The logo as the page's icon and for the app to show (`stream:logo`), the product name for it
 * (`application-name`), and the accent as daisyUI's primary colour: a stylesheet from this server
 * (the CSP's `style-src 'self'` refuses an inline `<style>`), after the app's own so it wins.
 */
function brandTags(branding: PageBranding): string[] {
  const stylesheet = brandingStylesheetHref(branding);
  return [
    meta('name', 'application-name', branding.productName),
    ...(branding.logoUrl
      ? [`<link rel="icon" href="${escapeHtml(branding.logoUrl)}">`, meta('name', 'stream:logo', branding.logoUrl)]
      : []),
    ...(stylesheet
      ? [`<link rel="stylesheet" href="${escapeHtml(stylesheet)}">`, meta('name', 'theme-color', branding.accentColor)]
      : []),
  ];
}

function videoTags(preview: PagePreview, branding: PageBranding): string[] {
  const title = escapeHtml(preview.title);
  return [
    `<title>${title} · ${escapeHtml(branding.productName)}</title>`,
    meta('name', 'robots', 'noindex'),
    meta('property', 'og:site_name', branding.productName),
    meta('property', 'og:type', 'video.other'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.pageUrl),
    ...(preview.imageUrl ? [meta('property', 'og:image', preview.imageUrl)] : []),
    ...(preview.videoUrl
      ? [
          meta('property', 'og:video', preview.videoUrl),
          meta('property', 'og:video:type', preview.videoType ?? 'video/webm'),
        ]
      : []),
    meta('name', 'twitter:card', preview.imageUrl ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    ...(preview.imageUrl ? [meta('name', 'twitter:image', preview.imageUrl)] : []),
    ...(preview.oembedUrl
      ? [
          `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(preview.oembedUrl)}" title="${title}">`,
        ]
      : []),
  ];
}

/** The shell served when the web app is not built: the tags still render, for previews and tests. */
export const FALLBACK_INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8">\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';
