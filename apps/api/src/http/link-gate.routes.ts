import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ShareLinkService } from '../services/share-link.service';
import { VideoError } from '../services/video';
import { passCookie, passesOf, SHARE_PASS_HEADER } from '../wire/share-passes';
import type { PageBranding, PageShell } from './watch-page.html';
import { renderGatePage } from './link-gate-page';

export interface LinkGateDeps {
  shareLinks: Pick<ShareLinkService, 'gate' | 'unlock'>;
  branding: { current(): Promise<PageBranding> };
}

const statusOf: Partial<Record<VideoError['kind'], number>> = {
  invalid_argument: 400,
  permission_denied: 403,
  resource_exhausted: 429,
};

/**
 * Issue 28: a gated link's page. Without a pass through its gate the browser gets the gate's form
 * (answers `true`); with one, the caller serves the watch page (answers `false`). A link that stopped
 * working meanwhile answers `false` too: the caller's own lookup says so.
 */
export async function sendGateUnlessPassed(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: LinkGateDeps,
  shell: PageShell,
  page: { kind: 's' | 'embed'; token: string },
): Promise<boolean> {
  const passes = passesOf(request.headers.cookie, request.headers[SHARE_PASS_HEADER] as string | undefined);
  let gate;
  try {
    gate = await deps.shareLinks.gate(page.token, passes);
  } catch (error) {
    if (error instanceof VideoError) return false;
    throw error;
  }
  if (gate.unlocked) return false;
  const form = { action: `/${page.kind}/${encodeURIComponent(page.token)}/unlock`, ...gate };
  await reply
    .code(200)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(renderGatePage(shell, form, await deps.branding.current()));
  return true;
}

/**
 * POST /s/:token/unlock and /embed/:token/unlock: the gate's form (urlencoded). The right answer
 * sets the pass cookie and goes back to the page (303); a refused one shows the form again with why.
 */
export function registerLinkGate(app: FastifyInstance, deps: LinkGateDeps, shell: PageShell) {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, new URLSearchParams(body as string)),
    );
    for (const kind of ['s', 'embed'] as const) {
      scope.post<{ Params: { key: string } }>(`/${kind}/:key/unlock`, async (request, reply) => {
        const token = request.params.key;
        const fields = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
        const input = { password: fields.get('password') ?? '', email: fields.get('email') ?? '' };
        const back = `/${kind}/${encodeURIComponent(token)}`;
        try {
          const pass = await deps.shareLinks.unlock(token, input, request.ip);
          return reply.header('set-cookie', passCookie(token, pass, request.protocol === 'https')).redirect(back, 303);
        } catch (error) {
          if (!(error instanceof VideoError) || error.kind === 'not_found') {
            if (error instanceof VideoError) return reply.redirect(back, 303);
            throw error;
          }
          const gate = await deps.shareLinks.gate(token, []);
          const form = { action: `${back}/unlock`, ...gate, email: input.email.slice(0, 254), error: error.message };
          return reply
            .code(statusOf[error.kind] ?? 400)
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .send(renderGatePage(shell, form, await deps.branding.current()));
        }
      });
    }
  });
}
