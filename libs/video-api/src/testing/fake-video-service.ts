import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { EmptySchema, timestampFromMs, timestampMs } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createRouterTransport, type HandlerContext, type Transport } from '@connectrpc/connect';
import {
  EditService,
  AccountService,
  LibraryService,
  ListVideosResponseSchema,
  RecordViewResponseSchema,
  ShareVideoResponseSchema,
  type Video,
  VideoSchema,
  Status,
  VideoService,
  ShareLinkService,
  Visibility,
} from '@stream/proto';
import { SHARE_TOKEN_HEADER } from '../videos/queries';
import { fakeAccountService } from './fake-account-service';
import { createFakeShareLinks } from './fake-share-links';
import { fakeShareLinkService } from './fake-share-link-service';
import {
  fakeLibraryService,
  filterVideos,
  usesLibrary,
  validLibraryFilter,
  type FakeLibraryState,
} from './fake-library';
import { fakeEditService } from './fake-edit-service';
import { fakeUpdateVideo } from './fake-update-video';
import { fakeVideo } from './fake-video';
import {
  defaultTitle,
  invalid,
  validDescription,
  validExpiry,
  validId,
  validPage,
  validSourceUrl,
  validTitle,
  validVisibility,
} from './fake-validation';
import { callerOf, signedInCaller } from './fake-caller';

type MethodName = keyof typeof VideoService.method | keyof typeof EditService.method;

/** A viewer counts once per this long (RecordView). */
export const VIEW_WINDOW_MS = 60 * 60 * 1000;

export interface FakeVideoServiceOptions {
  /** Videos the service starts with (any order; ListVideos answers newest first). */
  videos?: MessageInitShape<typeof VideoSchema>[];
  /** The caller's uid; videos of other users are not_found to it, as on the real server. */
  userId?: string;
  /** Origin of the watch pages ShareVideo's url points to; default http://localhost:3000. */
  publicUrl?: string;
  /** The clock (ms) for link expiry and the view window; default Date.now. */
  now?: () => number;
  /** Share links that exist from the start (as if ShareVideo had made them). */
  shareLinks?: { videoId: string; token: string; expiresAtMs?: number }[];
}

export interface FakeVideoService {
  transport: Transport;
  /** Every call received, in order: method name and the request as plain fields. */
  calls: { method: MethodName; request: unknown }[];
  /** The stored videos (mutable: tests may change status to mimic processing). */
  videos: Map<string, Video>;
  add(init?: MessageInitShape<typeof VideoSchema>): Video;
  update(id: string, patch: MessageInitShape<typeof VideoSchema>): Video;
  /** Make `method` fail with `error` until `succeed` is called. */
  fail(method: MethodName, error: ConnectError): void;
  succeed(method: MethodName): void;
  /**
   * Who calls from now on: a uid, or undefined for a signed-out caller (unauthenticated where
   * sign-in is needed). A call carrying `authorization: Bearer <uid>` is that uid's whatever this says.
   */
  setCaller(uid: string | undefined): void;
  /** The share token of a video's current link, if it has one. */
  shareTokenOf(videoId: string): string | undefined;
}

/**
 * An in-memory VideoService behind a real Connect router transport, for tests of code that calls
 * the video service. It validates like the real one (page bounds, ownership, title length, share
 * links with expiry and reset, views once per viewer (uid, else browser id) per hour and never the owner's) but keeps no
 * state beyond the process.
 */
export function createFakeVideoService(options: FakeVideoServiceOptions = {}): FakeVideoService {
  const ownerId = options.userId ?? 'user-1';
  let caller: string | undefined = ownerId;
  /** The caller `setCaller` named (inner scopes call their own caller `caller`). */
  const namedCaller = () => caller;
  const now = options.now ?? Date.now;
  const publicUrl = options.publicUrl ?? 'http://localhost:3000';
  const videos = new Map<string, Video>();
  const failures = new Map<MethodName, ConnectError>();
  const calls: FakeVideoService['calls'] = [];
  const links = createFakeShareLinks(now, options.shareLinks);
  const lastViews = new Map<string, number>();
  const library: FakeLibraryState = { folders: new Map() };
  let nextFolder = 0;
  /** Creation times strictly increase, so newest first is one order even within a millisecond. */
  let lastCreatedMs = 0;
  const createdNow = () => (lastCreatedMs = Math.max(now(), lastCreatedMs + 1));

  const add = (init: MessageInitShape<typeof VideoSchema> = {}) => {
    const video = fakeVideo({ userId: ownerId, ...init });
    videos.set(video.id, video);
    return video;
  };
  for (const init of options.videos ?? []) add(init);

  const record = (method: MethodName, request: unknown) => {
    calls.push({ method, request });
    const failure = failures.get(method);
    if (failure) throw failure;
  };
  const notFound = (videoId: string) => new ConnectError(`video ${videoId} not found`, Code.NotFound);
  const signedIn = (context: HandlerContext): string => signedInCaller(context, caller);
  /** The real service's canRead: the owner, anyone for PUBLIC, a valid link's holder for SHARED. */
  const readable = (id: string, context: HandlerContext): Video => {
    const videoId = validId('video_id', id);
    const caller = callerOf(context, namedCaller());
    const video = videos.get(videoId);
    const token = context.requestHeader.get(SHARE_TOKEN_HEADER) ?? undefined;
    if (video) {
      if (caller !== undefined && video.userId === caller) return video;
      if (video.visibility === Visibility.PUBLIC) return video;
      if (video.visibility === Visibility.SHARED && token !== undefined && links.valid(video.id, token)) return video;
    }
    // Existence does not leak: signed out it is unauthenticated, signed in not_found.
    if (caller === undefined && token === undefined)
      throw new ConnectError('Sign in to see this video', Code.Unauthenticated);
    throw notFound(videoId);
  };
  const owned = (id: string, context: HandlerContext): Video => {
    const uid = signedIn(context);
    const videoId = validId('video_id', id);
    const video = videos.get(videoId);
    if (!video || video.userId !== uid) throw notFound(videoId);
    return video;
  };

  const accountFake = fakeAccountService({ signedIn });
  const transport = createRouterTransport((router) =>
    router
      .service(VideoService, {
        createVideo(req, context) {
          record('createVideo', { ...req });
          const userId = signedIn(context);
          const title = validTitle(req.title);
          const description = validDescription(req.description);
          const url = validSourceUrl(req.url);
          // Not given: the caller's default from the fake AccountService.
          const visibility = validVisibility(req.visibility ?? accountFake.defaultVisibility(userId));
          // As the real service: bytes elsewhere are playable as they are; without any, nothing to process.
          return add({
            userId,
            title: title || defaultTitle(new Date(now())),
            description,
            url,
            thumbnailUrl: '',
            status: url ? Status.READY : Status.UNSPECIFIED,
            visibility,
            createdAt: timestampFromMs(createdNow()),
            durationSeconds: 0,
            ownerName: '',
          });
        },
        getVideo(req, context) {
          record('getVideo', { videoId: req.videoId });
          return seenBy(readable(req.videoId, context), callerOf(context, caller));
        },
        listVideos(req, context) {
          const filtered = usesLibrary(req);
          const { query, folderId, tags, sort, status, visibility } = req;
          const asked = { query, folderId, tags, sort, status, visibility };
          record('listVideos', { pageSize: req.pageSize, pageNumber: req.pageNumber, ...(filtered ? asked : {}) });
          const uid = signedIn(context);
          const { size } = validPage(req.pageSize, req.pageNumber);
          if (filtered) validLibraryFilter(req);
          const mine = [...videos.values()]
            .filter((v) => v.userId === uid)
            .sort(
              (a, b) => (b.createdAt ? timestampMs(b.createdAt) : 0) - (a.createdAt ? timestampMs(a.createdAt) : 0),
            );
          const found = filtered ? filterVideos(mine, req) : mine;
          const start = req.pageNumber * size;
          const page = found.slice(start, start + size);
          const nextPageNumber = start + size < found.length ? req.pageNumber + 1 : 0;
          return create(ListVideosResponseSchema, {
            videos: page,
            nextPageNumber,
            ...(filtered ? { totalCount: found.length } : {}),
          });
        },
        updateVideo(req, context) {
          record('updateVideo', { ...req });
          const videoId = validId('video_id', req.videoId);
          validTitle(req.title);
          validDescription(req.description);
          validVisibility(req.visibility);
          const changes = fakeUpdateVideo(req);
          return update(owned(videoId, context).id, changes);
        },
        deleteVideo(req, context) {
          record('deleteVideo', { videoId: req.videoId });
          const { id } = owned(req.videoId, context);
          videos.delete(id);
          links.remove(id);
          return create(EmptySchema);
        },
        shareVideo(req, context) {
          record('shareVideo', {
            videoId: req.videoId,
            expireAfterSeconds: req.expireAfterSeconds,
            newLink: req.newLink,
            ...(req.keepVisibility ? { keepVisibility: true } : {}),
          });
          const video = owned(req.videoId, context);
          const expireAfterSeconds = validExpiry(req.expireAfterSeconds);
          const link = links.share(video.id, { expireAfterSeconds, newLink: req.newLink });
          const shared =
            video.visibility === Visibility.PRIVATE && !req.keepVisibility
              ? update(video.id, { visibility: Visibility.SHARED })
              : video;
          return create(ShareVideoResponseSchema, {
            id: video.id,
            url: `${publicUrl}/s/${link.token}`,
            visibility: shared.visibility,
            ...(link.expiresAtMs === undefined ? {} : { expiresAt: timestampFromMs(link.expiresAtMs) }),
          });
        },
        getSharedVideo(req, context) {
          record('getSharedVideo', { shareToken: req.shareToken });
          const videoId = links.videoOf(validId('share_token', req.shareToken));
          const video = videoId === undefined ? undefined : videos.get(videoId);
          if (!video || video.visibility === Visibility.PRIVATE)
            throw new ConnectError('This link is not valid', Code.NotFound);
          return seenBy(video, callerOf(context, caller));
        },
        recordView(req, context) {
          record('recordView', { videoId: req.videoId, viewerId: req.viewerId });
          const caller = callerOf(context, namedCaller());
          // As the real service: a browser's id (required signed out); a signed-in viewer is counted by uid.
          if (!(caller !== undefined && req.viewerId === '') && !/^[A-Za-z0-9_-]{1,64}$/.test(req.viewerId)) {
            throw invalid('viewer_id must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -');
          }
          const video = readable(req.videoId, context);
          const key = `${video.id}\n${caller === undefined ? `anon:${req.viewerId}` : `user:${caller}`}`;
          const last = lastViews.get(key);
          const counts = video.userId !== caller && (last === undefined || now() - last >= VIEW_WINDOW_MS);
          if (!counts) return create(RecordViewResponseSchema, { viewCount: video.viewCount });
          lastViews.set(key, now());
          const viewed = update(video.id, { viewCount: video.viewCount + 1n });
          return create(RecordViewResponseSchema, { viewCount: viewed.viewCount });
        },
      })
      .service(EditService, fakeEditService({ owned, update: (id, patch) => update(id, patch), record }))
      .service(AccountService, accountFake.impl)
      .service(
        ShareLinkService,
        fakeShareLinkService({
          owned,
          tokenOf: links.tokenOf,
          expiresAtMsOf: links.expiresAtMsOf,
          update: (id, patch) => update(id, patch),
          publicUrl,
        }),
      )
      .service(
        LibraryService,
        fakeLibraryService({
          state: library,
          videos,
          signedIn,
          update: (id, patch) => update(id, patch),
          remove: (id) => {
            videos.delete(id);
            links.remove(id);
          },
          newId: () => `folder-${++nextFolder}`,
        }),
      ),
  );

  /** What someone other than the owner sees: not the owner's uid, the original's URL, nor the saved annotations. */
  function seenBy(video: Video, uid: string | undefined): Video {
    if (uid !== undefined && uid === video.userId) return video;
    return create(VideoSchema, { ...video, userId: '', originalUrl: '', editAnnotations: [] });
  }

  function update(id: string, patch: MessageInitShape<typeof VideoSchema>): Video {
    const current = videos.get(id);
    if (!current) throw new Error(`fake video service: no video ${id}`);
    const { $typeName: _typeName, ...fields } = current;
    const next = create(VideoSchema, { ...fields, ...patch });
    videos.set(id, next);
    return next;
  }

  return {
    transport,
    calls,
    videos,
    add,
    update,
    fail: (method, error) => void failures.set(method, error),
    succeed: (method) => void failures.delete(method),
    setCaller: (uid) => {
      caller = uid;
    },
    shareTokenOf: (videoId) => links.tokenOf(videoId),
  };
}
