import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BrandingService } from '../admin';
import type { SharingService } from './sharing.service';
import type { VideoService } from '../videos';
import { originOf } from '../platform/http/request-origin';
import { embedPagePath, sharePagePath, watchPagePath, type VideoLinks } from '../videos';
import { escapeHtml, FALLBACK_INDEX_HTML, pageShell, renderWatchPage, type PagePreview } from './watch-page.html';
import { allowFraming } from './allow-framing';
import { registerBrandingCss } from '../admin';
import { registerLinkGate, sendGateUnlessPassed } from './link-gate.routes';
import { findPageVideo, LOCKED, parseWatchPath, type PageVideo, type WatchPageKind } from './watch-pages';

export interface WatchPageDeps {
  videos: VideoService;
  sharing: SharingService;
  links: VideoLinks;
  webDist: string;
  /** The product name, logo and accent colour the pages carry (the instance's branding). */
  branding: Pick<BrandingService, 'current'>;
}

/** The embed player's frame size, also what oEmbed answers. */
export const EMBED_WIDTH = 640;
export const EMBED_HEIGHT = 360;
const DESCRIPTION_LENGTH = 300;

/**
 * GET /s/:token, /watch/:id and /embed/:token: the web app's index.html with the video's preview
 * tags in its head (404 and no video data for an invalid link). /embed/ may be framed by any site;
 * every other page keeps refusing to be framed. GET /api/oembed answers oEmbed 1.0 for those pages.
 */
export function registerWatchPages(app: FastifyInstance, deps: WatchPageDeps) {
  const indexFile = join(deps.webDist, 'index.html');
  const shell = pageShell(existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : FALLBACK_INDEX_HTML);
  registerLinkGate(app, deps, shell);
  registerBrandingCss(app, deps.branding);

  for (const kind of ['s', 'watch', 'embed'] as const) {
    app.get<{ Params: { key: string } }>(`/${kind}/:key`, async (request, reply) => {
      const page = await findPageVideo(deps, kind, request.params.key);
      const origin = deps.links.origin(originOf(request));
      if (kind === 'embed') allowFraming(reply);
      if (page === LOCKED && kind !== 'watch')
        if (await sendGateUnlessPassed(request, reply, deps, shell, { kind, token: request.params.key })) return reply;
      const head = page === LOCKED ? LOCKED : page && preview(page, kind, origin, deps.links);
      return reply
        .code(page ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderWatchPage(shell, head, await deps.branding.current()));
    });
  }

  app.get<{ Querystring: { url?: string; format?: string; maxwidth?: string } }>(
    '/api/oembed',
    async (request, reply) => {
      const { url, format, maxwidth } = request.query;
      if (format !== undefined && format !== 'json')
        return reply.code(501).send({ message: 'Only format=json is offered' });
      const origin = deps.links.origin(originOf(request));
      const target = typeof url === 'string' ? ourPage(url, origin) : undefined;
      if (!target)
        return reply.code(400).send({ message: `url must be a watch page of ${origin} (/s/<token> or /watch/<id>)` });
      const page = await findPageVideo(deps, target.kind, target.key);
      if (page === LOCKED || !page?.shareToken) return reply.code(404).send({ message: 'This video is not available' });
      const width = Math.max(120, Math.min(EMBED_WIDTH, Number(maxwidth) || EMBED_WIDTH));
      const height = Math.round((width * EMBED_HEIGHT) / EMBED_WIDTH);
      const { video } = page;
      const thumbnail = absolute(deps.links.thumbnailUrl(video), origin);
      const embedUrl = `${origin}${embedPagePath(page.shareToken)}`;
      return reply.header('cache-control', 'no-store').send({
        type: 'video',
        version: '1.0',
        title: video.title,
        ...(video.ownerName ? { author_name: video.ownerName } : {}),
        provider_name: (await deps.branding.current()).productName,
        provider_url: `${origin}/`,
        ...(thumbnail
          ? { thumbnail_url: thumbnail, thumbnail_width: EMBED_WIDTH, thumbnail_height: EMBED_HEIGHT }
          : {}),
        html: `<iframe src="${escapeHtml(embedUrl)}" width="${width}" height="${height}" title="${escapeHtml(video.title)}" frameborder="0" allow="fullscreen; picture-in-picture" allowfullscreen></iframe>`,
        width,
        height,
      });
    },
  );
}

function preview(
  { video, shareToken }: PageVideo,
  kind: WatchPageKind,
  origin: string,
  links: VideoLinks,
): PagePreview {
  const pageUrl = `${origin}${kind === 'watch' ? watchPagePath(video.id) : sharePagePath(shareToken!)}`;
  const description =
    video.description.trim() || (video.ownerName ? `A video by ${video.ownerName}` : 'A video on Stream');
  return {
    title: video.title,
    description: shortened(description, DESCRIPTION_LENGTH),
    pageUrl,
    imageUrl: absolute(links.thumbnailUrl(video), origin),
    videoUrl: absolute(links.mp4Url(video) || links.streamUrl(video), origin),
    videoType: links.mp4Url(video) ? 'video/mp4' : 'video/webm',
    oembedUrl: shareToken ? `${origin}/api/oembed?url=${encodeURIComponent(pageUrl)}&format=json` : undefined,
  };
}

/** At most `length` code points; a cut never halves a surrogate pair (which UTF-8 would turn into U+FFFD). */
function shortened(text: string, length: number): string {
  const codePoints = Array.from(text);
  return codePoints.length > length ? `${codePoints.slice(0, length - 1).join('')}…` : text;
}

const absolute = (url: string, origin: string) => (url ? new URL(url, `${origin}/`).href : undefined);

/** A watch page of this server named by an absolute URL, else undefined. */
function ourPage(url: string, origin: string): ReturnType<typeof parseWatchPath> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  return parsed.origin === origin ? parseWatchPath(parsed.pathname) : undefined;
}
