import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type HandlerContext, type ServiceImpl } from '@connectrpc/connect';
import {
  CallToActionSchema,
  ShareLinkSchema,
  type ShareLink,
  type ShareLinkService,
  type Video,
  type VideoSchema,
} from '@stream/proto';

/**
 * The fake ShareLinkService: the main link as ShareVideo made it and named links kept
 * in memory, each with its gates; the call to action on the video. Gates are not enforced here:
 * the real server's tests (apps/api test/integration/share-link-gates.test.ts) show those.
 */
export function fakeShareLinkService(deps: {
  owned: (videoId: string, context: HandlerContext) => Video;
  tokenOf: (videoId: string) => string | undefined;
  /** The main link's expiry, in ms since the epoch; undefined: never. */
  expiresAtMsOf?: (videoId: string) => number | undefined;
  update: (videoId: string, patch: MessageInitShape<typeof VideoSchema>) => Video;
  publicUrl: string;
}): Partial<ServiceImpl<typeof ShareLinkService>> {
  const named = new Map<string, ShareLink[]>();
  const main = new Map<string, { hasPassword: boolean; emailGate: boolean }>();
  let sequence = 0;
  const list = (videoId: string) => {
    const token = deps.tokenOf(videoId);
    const gates = main.get(videoId) ?? { hasPassword: false, emailGate: false };
    const expiresAtMs = deps.expiresAtMsOf?.(videoId);
    const expiry = expiresAtMs === undefined ? {} : { expiresAt: timestampFromMs(expiresAtMs) };
    return [
      ...(token
        ? [create(ShareLinkSchema, { id: 'main', videoId, url: `${deps.publicUrl}/s/${token}`, ...gates, ...expiry })]
        : []),
      ...(named.get(videoId) ?? []),
    ];
  };
  return {
    listShareLinks: (req, context) => ({ links: list(deps.owned(req.videoId, context).id) }),
    createShareLink: (req, context) => {
      const video = deps.owned(req.videoId, context);
      if (!req.name.trim()) throw new ConnectError('A named link needs a name', Code.InvalidArgument);
      const link = create(ShareLinkSchema, {
        id: `link-${++sequence}`,
        videoId: video.id,
        name: req.name.trim(),
        url: `${deps.publicUrl}/s/named-${sequence}`,
        hasPassword: !!req.password,
        emailGate: req.emailGate,
      });
      named.set(video.id, [...(named.get(video.id) ?? []), link]);
      return link;
    },
    updateShareLink: (req, context) => {
      const video = deps.owned(req.videoId, context);
      const change = (link: { hasPassword: boolean; emailGate: boolean }) => ({
        hasPassword: req.password === undefined ? link.hasPassword : req.password !== '',
        emailGate: req.emailGate ?? link.emailGate,
      });
      if (req.linkId === 'main')
        main.set(video.id, change(main.get(video.id) ?? { hasPassword: false, emailGate: false }));
      else {
        const links = named.get(video.id) ?? [];
        const index = links.findIndex((link) => link.id === req.linkId);
        if (index < 0) throw new ConnectError(`No link ${req.linkId}`, Code.NotFound);
        const { $typeName: _typeName, ...fields } = links[index]!;
        links[index] = create(ShareLinkSchema, { ...fields, ...change(fields) });
      }
      return list(video.id).find((link) => link.id === req.linkId)!;
    },
    revokeShareLink: (req, context) => {
      const video = deps.owned(req.videoId, context);
      const links = named.get(video.id) ?? [];
      if (!links.some((link) => link.id === req.linkId)) throw new ConnectError(`No link ${req.linkId}`, Code.NotFound);
      named.set(
        video.id,
        links.filter((link) => link.id !== req.linkId),
      );
      return {};
    },
    setCallToAction: (req, context) => {
      const video = deps.owned(req.videoId, context);
      const given = req.callToAction;
      if (given?.label && !/^https?:\/\//i.test(given.url))
        throw new ConnectError('The button’s link must be a full http:// or https:// address', Code.InvalidArgument);
      const cta = given?.label ? create(CallToActionSchema, given) : undefined;
      deps.update(video.id, { callToAction: cta });
      return cta ?? create(CallToActionSchema);
    },
    recordCallToActionClick: () => ({}),
  };
}
