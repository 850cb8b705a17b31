import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { ConnectRouter, HandlerContext } from '@connectrpc/connect';
import { validId, ShareLinkSchema, ShareLinkService as ShareLinkServiceDescriptor } from '@stream/proto';
import type { SharingService, ShareLinkView } from './sharing.service';
import type { VideoLinks } from '../videos';
import { passCookie } from './share-passes';
import { kHttpRequest, requestOrigin } from '../platform/rpc/http-request';
import { shareGrant } from './share-grant';
import { signedIn } from '../platform/rpc/signed-in';
import { videoValidation as valid } from '../videos';

export interface ShareLinkRoutesDeps {
  sharing: SharingService;
  links: VideoLinks;
}

/** A named link's id (a UUID) or "main". */
const linkId = (value: string) => validId('link_id', value);

/** The ShareLinkService's link methods on the Connect router (the call to action's are call-to-action/'s). */
export default ({ sharing, links }: ShareLinkRoutesDeps) =>
  (router: ConnectRouter) => {
    const toMessage = (link: ShareLinkView, context: HandlerContext) =>
      create(ShareLinkSchema, {
        id: link.id,
        videoId: link.videoId,
        name: link.name,
        url: links.shareUrl(link.token, requestOrigin(context)),
        hasPassword: link.hasPassword,
        emailGate: link.emailGate,
        viewCount: BigInt(link.viewCount),
        expiresAt: link.expiresAt && timestampFromDate(link.expiresAt),
      });

    // Method by method: the call to action's two methods of this service are its own feature's.
    const method = ShareLinkServiceDescriptor.method;
    router.rpc(method.listShareLinks, async (request, context) => {
      const found = await sharing.list(signedIn(context), valid.videoId(request.videoId));
      return { links: found.map((link) => toMessage(link, context)) };
    });

    router.rpc(method.createShareLink, async (request, context) => {
      const link = await sharing.create(signedIn(context), valid.videoId(request.videoId), {
        name: request.name,
        password: request.password,
        emailGate: request.emailGate,
      });
      return toMessage(link, context);
    });

    router.rpc(method.updateShareLink, async (request, context) => {
      const link = await sharing.update(signedIn(context), valid.videoId(request.videoId), linkId(request.linkId), {
        password: request.password,
        emailGate: request.emailGate,
      });
      return toMessage(link, context);
    });

    router.rpc(method.revokeShareLink, async (request, context) => {
      await sharing.revoke(signedIn(context), valid.videoId(request.videoId), linkId(request.linkId));
      return {};
    });

    router.rpc(method.getShareLinkGate, async (request, context) =>
      sharing.gate(valid.shareToken(request.shareToken), shareGrant(context).passes ?? []),
    );

    router.rpc(method.unlockShareLink, async (request, context) => {
      const token = valid.shareToken(request.shareToken);
      // The client address bounds guesses (request.ip follows X-Forwarded-For only with TRUST_PROXY).
      const http = context.values.get(kHttpRequest);
      const pass = await sharing.unlock(token, { password: request.password, email: request.email }, http?.ip);
      context.responseHeader.append('set-cookie', passCookie(token, pass, http?.protocol === 'https'));
      return { pass };
    });
  };
