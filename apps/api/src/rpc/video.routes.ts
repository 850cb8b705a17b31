import { Code, ConnectError, type ConnectRouter, type HandlerContext } from '@connectrpc/connect';
import { VideoService as VideoServiceDescriptor } from '@stream/proto';
import type { FastifyBaseLogger } from 'fastify';
import { kUser, type User } from '../auth/user';
import type { VideoLinks } from '../http/video-links';
import { VideoError } from '../services/video';
import type { VideoService } from '../services/video.service';
import { toVideoMessage } from './video.message';
import * as valid from './video.validation';

export interface VideoRoutesDeps {
  videos: VideoService;
  links: VideoLinks;
  log: FastifyBaseLogger;
}

/** RPCs that answer a signed-out caller (GetVideo of a public video, or of a shared one with its token). */
export const anonymousMethods: ReadonlySet<string> = new Set(['GetVideo']);

/** Header carrying a share token to GetVideo: the `share` parameter of a link ShareVideo minted. */
export const SHARE_TOKEN_HEADER = 'x-share-token';

const errorCodes = {
  not_found: Code.NotFound,
  invalid_argument: Code.InvalidArgument,
  unauthenticated: Code.Unauthenticated,
} as const;

function signedIn(context: HandlerContext): User {
  const user = context.values.get(kUser);
  if (!user) throw new ConnectError('Sign in: this call needs an ID token', Code.Unauthenticated);
  return user;
}

function origin(context: HandlerContext): string {
  const header = context.requestHeader;
  const host = header.get('x-forwarded-host') ?? header.get('host') ?? header.get(':authority') ?? 'localhost';
  const proto = context.requestHeader.get('x-forwarded-proto') ?? 'http';
  return `${proto}://${host}`;
}

/** The VideoService on the Connect router: validate, authorise, call the service, map the answer. */
export default ({ videos, links, log }: VideoRoutesDeps) =>
  (router: ConnectRouter) => {
    /** Rule errors become their codes; anything else is logged and leaves as `internal` without details. */
    const guard =
      <I, O>(handler: (request: I, context: HandlerContext) => Promise<O>) =>
      async (request: I, context: HandlerContext): Promise<O> => {
        try {
          return await handler(request, context);
        } catch (error) {
          if (error instanceof ConnectError) throw error;
          if (error instanceof VideoError) throw new ConnectError(error.message, errorCodes[error.kind]);
          log.error({ err: error, method: context.method.name }, 'video service call failed');
          throw new ConnectError('Internal error', Code.Internal);
        }
      };

    router.service(VideoServiceDescriptor, {
      createVideo: guard(async (request, context) => {
        const video = await videos.create(signedIn(context), {
          title: valid.title(request.title),
          description: valid.description(request.description),
          sourceUrl: valid.sourceUrl(request.url),
          visibility: valid.visibility(request.visibility),
        });
        return toVideoMessage(video, links);
      }),

      getVideo: guard(async (request, context) => {
        const id = valid.videoId(request.videoId);
        const shareToken = context.requestHeader.get(SHARE_TOKEN_HEADER) ?? undefined;
        const video = await videos.get(context.values.get(kUser), id, { shareToken });
        return toVideoMessage(video, links);
      }),

      listVideos: guard(async (request, context) => {
        const user = signedIn(context);
        const page = valid.page(request.pageSize, request.pageNumber);
        const { videos: found, nextPageNumber } = await videos.list(user, page);
        return { videos: found.map((video) => toVideoMessage(video, links)), nextPageNumber };
      }),

      updateVideo: guard(async (request, context) => {
        const user = signedIn(context);
        const video = await videos.update(user, valid.videoId(request.videoId), {
          title: valid.title(request.title),
          description: valid.description(request.description),
          visibility: valid.visibility(request.visibility),
        });
        return toVideoMessage(video, links);
      }),

      deleteVideo: guard(async (request, context) => {
        await videos.delete(signedIn(context), valid.videoId(request.videoId));
        return {};
      }),

      shareVideo: guard(async (request, context) => {
        const user = signedIn(context);
        const video = await videos.share(user, valid.videoId(request.videoId));
        return { id: video.id, url: links.shareUrl(video, video.shareToken, origin(context)) };
      }),
    });
  };
