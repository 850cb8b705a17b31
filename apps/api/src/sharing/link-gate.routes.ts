import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SharingService } from './sharing.service';
import { AppError } from '../platform/app-error';
import { passCookie, passesOf, SHARE_PASS_HEADER } from './share-passes';
import { EMBED_GRANT_TTL_SECONDS } from './link-pass';
import { allowFraming } from './allow-framing';
import { renderWatchPage, type PageBranding, type PageShell } from './watch-page.html';
import { renderGatePage } from './link-gate-page';

export interface LinkGateDeps {
  sharing: Pick<SharingService, 'gate' | 'unlock'>;
  branding: { current(): Promise<PageBranding> };
}

const statusOf: Partial<Record<AppError['kind'], number>> = {
  invalid_argument: 400,
  permission_denied: 403,
  resource_exhausted: 429,
};

/**
 * A gated link's page. Without a pass through its gate the browser gets the gate's form
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
    gate = await deps.sharing.gate(page.token, passes);
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
  if (gate.unlocked) return false;
  const form = { action: gateAction(page.kind, page.token), ...gate };
  await reply
    .code(200)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(renderGatePage(shell, form, await deps.branding.current()));
  return true;
}

/**
 * Where a gate's form posts. A watch page's to `/s/<token>/unlock`, which sets the pass cookie; an
 * embed's to its own address, which answers the unlocked page itself: in a frame on another site
 * the browser neither stores nor sends our cookie, so the page carries its grant instead.
 */
const gateAction = (kind: 's' | 'embed', token: string) =>
  kind === 'embed' ? `/embed/${encodeURIComponent(token)}` : `/s/${encodeURIComponent(token)}/unlock`;

/**
 * POST /s/:token/unlock and /embed/:token/unlock: the gate's form (urlencoded). The right answer
 * sets the pass cookie and goes back to the page (303); a refused one shows the form again with why.
 * POST /embed/:token: the embed's form. The right answer is the embed's page with a short-lived
 * grant in its head (EMBED_GRANT_TTL_SECONDS, bound to the link and its password like a pass),
 * which the web app keeps in memory; the pass cookie is set too, for a frame on our own site.
 */
export function registerLinkGate(app: FastifyInstance, deps: LinkGateDeps, shell: PageShell) {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, new URLSearchParams(body as string)),
    );
    const answer = async (
      request: FastifyRequest<{ Params: { key: string } }>,
      reply: FastifyReply,
      kind: 's' | 'embed',
      inFrame: boolean,
    ) => {
      const token = request.params.key;
      const fields = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const input = { password: fields.get('password') ?? '', email: fields.get('email') ?? '' };
      const back = `/${kind}/${encodeURIComponent(token)}`;
      if (inFrame) allowFraming(reply);
      try {
        const pass = await deps.sharing.unlock(token, input, request.ip, inFrame ? EMBED_GRANT_TTL_SECONDS : undefined);
        reply.header('set-cookie', passCookie(token, pass, request.protocol === 'https'));
        if (!inFrame) return reply.redirect(back, 303);
        return reply
          .code(200)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(renderWatchPage(shell, 'locked', await deps.branding.current(), pass));
      } catch (error) {
        if (!(error instanceof AppError) || error.kind === 'not_found') {
          if (error instanceof AppError) return reply.redirect(back, 303);
          throw error;
        }
        const gate = await deps.sharing.gate(token, []);
        const form = {
          action: inFrame ? back : `${back}/unlock`,
          ...gate,
          email: input.email.slice(0, 254),
          error: error.message,
        };
        return reply
          .code(statusOf[error.kind] ?? 400)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(renderGatePage(shell, form, await deps.branding.current()));
      }
    };
    for (const kind of ['s', 'embed'] as const)
      scope.post<{ Params: { key: string } }>(`/${kind}/:key/unlock`, (request, reply) =>
        answer(request, reply, kind, false),
      );
    scope.post<{ Params: { key: string } }>('/embed/:key', (request, reply) => answer(request, reply, 'embed', true));
  });
}
