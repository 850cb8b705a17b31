import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { ConnectRouter, HandlerContext } from '@connectrpc/connect';
import {
  validId,
  CallToActionPlacement,
  CallToActionSchema,
  ShareLinkSchema,
  ShareLinkService as ShareLinkServiceDescriptor,
} from '@stream/proto';
import { kUser } from '../platform/auth/user';
import type { ShareLinkService, ShareLinkView } from './share-link.service';
import { callToActionMessage } from './call-to-action.message';
import type { VideoLinks } from '../videos';
import { passCookie } from './share-passes';
import { kHttpRequest, requestOrigin } from '../platform/rpc/http-request';
import { shareGrant } from './share-grant';
import { signedIn } from '../platform/rpc/signed-in';
import { videoValidation as valid } from '../videos';

export interface ShareLinkRoutesDeps {
  shareLinks: ShareLinkService;
  links: VideoLinks;
}

/** A link's holder asks its gate and unlocks it signed out; a viewer clicks the call to action. */
export const shareLinkAnonymousMethods: readonly string[] = [
  'GetShareLinkGate',
  'UnlockShareLink',
  'RecordCallToActionClick',
];

/** A named link's id (a UUID) or "main". */
const linkId = (value: string) => validId('link_id', value);

/** The ShareLinkService on the Connect router (issue 28, item 6). */
export default ({ shareLinks, links }: ShareLinkRoutesDeps) =>
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

    router.service(ShareLinkServiceDescriptor, {
      listShareLinks: async (request, context) => {
        const found = await shareLinks.list(signedIn(context), valid.videoId(request.videoId));
        return { links: found.map((link) => toMessage(link, context)) };
      },

      createShareLink: async (request, context) => {
        const link = await shareLinks.create(signedIn(context), valid.videoId(request.videoId), {
          name: request.name,
          password: request.password,
          emailGate: request.emailGate,
        });
        return toMessage(link, context);
      },

      updateShareLink: async (request, context) => {
        const link = await shareLinks.update(
          signedIn(context),
          valid.videoId(request.videoId),
          linkId(request.linkId),
          {
            password: request.password,
            emailGate: request.emailGate,
          },
        );
        return toMessage(link, context);
      },

      revokeShareLink: async (request, context) => {
        await shareLinks.revoke(signedIn(context), valid.videoId(request.videoId), linkId(request.linkId));
        return {};
      },

      getShareLinkGate: async (request, context) =>
        shareLinks.gate(valid.shareToken(request.shareToken), shareGrant(context).passes ?? []),

      unlockShareLink: async (request, context) => {
        const token = valid.shareToken(request.shareToken);
        // The client address bounds guesses (request.ip follows X-Forwarded-For only with TRUST_PROXY).
        const http = context.values.get(kHttpRequest);
        const pass = await shareLinks.unlock(token, { password: request.password, email: request.email }, http?.ip);
        context.responseHeader.append('set-cookie', passCookie(token, pass, http?.protocol === 'https'));
        return { pass };
      },

      setCallToAction: async (request, context) => {
        const given = request.callToAction;
        const cta = await shareLinks.setCallToAction(
          signedIn(context),
          valid.videoId(request.videoId),
          given && {
            label: given.label,
            url: given.url,
            placement: given.placement === CallToActionPlacement.THROUGHOUT ? 'THROUGHOUT' : 'END',
          },
        );
        return callToActionMessage(cta) ?? create(CallToActionSchema);
      },

      recordCallToActionClick: async (request, context) => {
        const user = context.values.get(kUser);
        const id = valid.videoId(request.videoId);
        await shareLinks.recordClick(
          user,
          id,
          valid.viewerId(request.viewerId, user !== undefined),
          shareGrant(context),
        );
        return {};
      },
    });
  };
