import type { ConnectRouter } from '@connectrpc/connect';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { VideoService as VideoServiceDescriptor } from '@stream/proto';
import { kUser } from '../platform/auth/user';
import type { VideoLinks } from './video-links';
import type { LibraryService } from '../library';
import type { SharingService } from '../sharing';
import type { VideoService } from './video.service';
import type { EditService } from '../edits';
import type { StoredVideo } from './video.mapper';
import { kHttpRequest, requestOrigin } from '../platform/rpc/http-request';
import { updateVideoChanges } from './video-update.changes';
import { toVideoMessage, visibilityToProto } from './video.message';
import { libraryFilter } from '../library';
import * as valid from './video.validation';
import { signedIn } from '../platform/rpc/signed-in';
import { shareGrant } from '../sharing';

export interface VideoRoutesDeps {
  videos: VideoService;
  edits: EditService;
  sharing: SharingService;
  links: VideoLinks;
  /** ListVideos' search, folders, tags, sort and filters. */
  library: LibraryService;
}

export { SHARE_TOKEN_HEADER } from '../sharing';

/**
 * The VideoService on the Connect router: validate, authorise, call the service, map the answer.
 * Errors leave through the error interceptor (error.interceptor.ts).
 */
export default ({ videos, sharing, links, library, edits }: VideoRoutesDeps) =>
  (router: ConnectRouter) => {
    router.service(VideoServiceDescriptor, {
      createVideo: async (request, context) => {
        const user = signedIn(context);
        const video = await videos.create(user, {
          title: valid.title(request.title),
          description: valid.description(request.description),
          sourceUrl: valid.sourceUrl(request.url),
          // Not given: the caller's default visibility.
          visibility: request.visibility === undefined ? undefined : valid.visibility(request.visibility),
        });
        return toVideoMessage(video, links, { callerUid: user.uid });
      },

      getVideo: async (request, context) => {
        const id = valid.videoId(request.videoId);
        const caller = context.values.get(kUser);
        const video = await videos.get(caller, id, shareGrant(context));
        return toVideoMessage(video, links, {
          callerUid: caller?.uid,
          owner: video.viewOriginal === true,
        });
      },

      listVideos: async (request, context) => {
        const user = signedIn(context);
        const page = valid.page(request.pageSize, request.pageNumber);
        const filter = libraryFilter(request);
        // A team's list holds others' videos too: the saved annotations are their owner's alone.
        const asListed = (video: StoredVideo) =>
          toVideoMessage(video, links, {
            callerUid: user.uid,
            ownerAnnotations: video.viewOriginal === true,
          });
        if (filter) {
          const listed = await library.listVideos(user, filter, page);
          const { nextPageNumber, totalCount } = listed;
          return { videos: listed.videos.map(asListed), nextPageNumber, totalCount };
        }
        const { videos: found, nextPageNumber } = await videos.list(user, page);
        return { videos: found.map(asListed), nextPageNumber };
      },

      updateVideo: async (request, context) => {
        const user = signedIn(context);
        const id = valid.videoId(request.videoId);
        const changes = updateVideoChanges(request);
        // Checked (and owner-only) before anything changes: a bad value is invalid_argument whatever
        // else the request asks, then the speed and chapters, as they can still refuse.
        if (changes.playback) edits.checkPlayback(changes.playback);
        await videos.checkUpdate(user, id, changes.video);
        if (changes.playback) await edits.updatePlayback(user, id, changes.playback);
        const video = await videos.update(user, id, changes.video);
        return toVideoMessage(video, links, { callerUid: user.uid, owner: true });
      },

      deleteVideo: async (request, context) => {
        await videos.delete(signedIn(context), valid.videoId(request.videoId));
        return {};
      },

      shareVideo: async (request, context) => {
        const user = signedIn(context);
        const id = valid.videoId(request.videoId);
        const link = await sharing.share(user, id, {
          expireAfterSeconds: valid.expireAfterSeconds(request.expireAfterSeconds),
          newLink: request.newLink,
          keepVisibility: request.keepVisibility,
        });
        return {
          id,
          url: links.shareUrl(link.shareToken, requestOrigin(context)),
          expiresAt: link.expiresAt && timestampFromDate(link.expiresAt),
          visibility: visibilityToProto[link.visibility],
        };
      },

      getSharedVideo: async (request, context) => {
        const token = valid.shareToken(request.shareToken);
        const caller = context.values.get(kUser);
        const video = await sharing.getShared(caller, token, shareGrant(context).passes);
        return toVideoMessage(video, links, { callerUid: caller?.uid });
      },

      recordView: async (request, context) => {
        const user = context.values.get(kUser);
        const id = valid.videoId(request.videoId);
        const viewerId = valid.viewerId(request.viewerId, user !== undefined);
        // The client address bounds anonymous views (request.ip follows X-Forwarded-For only with TRUST_PROXY).
        const address = context.values.get(kHttpRequest)?.ip;
        return { viewCount: BigInt(await sharing.recordView(user, id, viewerId, shareGrant(context), address)) };
      },
    });
  };
