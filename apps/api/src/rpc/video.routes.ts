import { Code, ConnectError, type ConnectRouter, type HandlerContext } from '@connectrpc/connect';
import { VideoService as VideoServiceDescriptor } from '@stream/proto';
import { kUser, type User } from '../auth/user';
import type { VideoLinks } from '../http/video-links';
import type { VideoService } from '../services/video.service';
import { requestOrigin } from './http-request';
import { toVideoMessage } from './video.message';
import * as valid from './video.validation';

export interface VideoRoutesDeps {
  videos: VideoService;
  links: VideoLinks;
}

/** RPCs that answer a signed-out caller (GetVideo of a public video, or of a shared one with its token). */
export const anonymousMethods: ReadonlySet<string> = new Set(['GetVideo']);

/** Header carrying a share token to GetVideo: the `share` parameter of a link ShareVideo minted. */
export const SHARE_TOKEN_HEADER = 'x-share-token';

function signedIn(context: HandlerContext): User {
  const user = context.values.get(kUser);
  if (!user) throw new ConnectError('Sign in: this call needs an ID token', Code.Unauthenticated);
  return user;
}

/**
 * The VideoService on the Connect router: validate, authorise, call the service, map the answer.
 * Errors leave through the error interceptor (error.interceptor.ts).
 */
export default ({ videos, links }: VideoRoutesDeps) =>
  (router: ConnectRouter) => {
    router.service(VideoServiceDescriptor, {
      createVideo: async (request, context) => {
        const video = await videos.create(signedIn(context), {
          title: valid.title(request.title),
          description: valid.description(request.description),
          sourceUrl: valid.sourceUrl(request.url),
          visibility: valid.visibility(request.visibility),
        });
        return toVideoMessage(video, links);
      },

      getVideo: async (request, context) => {
        const id = valid.videoId(request.videoId);
        const shareToken = context.requestHeader.get(SHARE_TOKEN_HEADER) ?? undefined;
        const video = await videos.get(context.values.get(kUser), id, { shareToken });
        return toVideoMessage(video, links);
      },

      listVideos: async (request, context) => {
        const user = signedIn(context);
        const page = valid.page(request.pageSize, request.pageNumber);
        const { videos: found, nextPageNumber } = await videos.list(user, page);
        return { videos: found.map((video) => toVideoMessage(video, links)), nextPageNumber };
      },

      updateVideo: async (request, context) => {
        const user = signedIn(context);
        const video = await videos.update(user, valid.videoId(request.videoId), {
          title: valid.title(request.title),
          description: valid.description(request.description),
          visibility: valid.visibility(request.visibility),
        });
        return toVideoMessage(video, links);
      },

      deleteVideo: async (request, context) => {
        await videos.delete(signedIn(context), valid.videoId(request.videoId));
        return {};
      },

      shareVideo: async (request, context) => {
        const user = signedIn(context);
        const video = await videos.share(user, valid.videoId(request.videoId));
        return { id: video.id, url: links.shareUrl(video, video.shareToken, requestOrigin(context)) };
      },
    });
  };
