import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { EmptySchema, timestampMs } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createRouterTransport, type Transport } from '@connectrpc/connect';
import {
  ListVideosResponseSchema,
  ShareVideoResponseSchema,
  type Video,
  VideoSchema,
  VideoService,
  Visibility,
} from '@stream/proto';
import { fakeVideo } from './fake-video';

type MethodName = keyof typeof VideoService.method;

export interface FakeVideoServiceOptions {
  /** Videos the service starts with (any order; ListVideos answers newest first). */
  videos?: MessageInitShape<typeof VideoSchema>[];
  /** The caller's uid; videos of other users are not_found to it, as on the real server. */
  userId?: string;
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
}

/**
 * An in-memory VideoService behind a real Connect router transport, for tests of code that calls
 * the video service. It validates like the real one (page bounds, ownership) but keeps no state
 * beyond the process.
 */
export function createFakeVideoService(options: FakeVideoServiceOptions = {}): FakeVideoService {
  const userId = options.userId ?? 'user-1';
  const videos = new Map<string, Video>();
  const failures = new Map<MethodName, ConnectError>();
  const calls: FakeVideoService['calls'] = [];

  const add = (init: MessageInitShape<typeof VideoSchema> = {}) => {
    const video = fakeVideo({ userId, ...init });
    videos.set(video.id, video);
    return video;
  };
  for (const init of options.videos ?? []) add(init);

  const record = (method: MethodName, request: unknown) => {
    calls.push({ method, request });
    const failure = failures.get(method);
    if (failure) throw failure;
  };
  const own = (videoId: string): Video => {
    const video = videos.get(videoId);
    // Another user's private video is not_found, never permission_denied: existence does not leak.
    if (!video || (video.userId !== userId && video.visibility === Visibility.PRIVATE)) {
      throw new ConnectError(`video ${videoId} not found`, Code.NotFound);
    }
    return video;
  };
  const owned = (videoId: string): Video => {
    const video = own(videoId);
    if (video.userId !== userId) throw new ConnectError(`video ${videoId} not found`, Code.NotFound);
    return video;
  };

  const transport = createRouterTransport((router) =>
    router.service(VideoService, {
      createVideo(req) {
        record('createVideo', { ...req });
        if (!req.title.trim()) throw new ConnectError('title is required', Code.InvalidArgument);
        return add({ title: req.title, description: req.description, url: req.url, visibility: req.visibility });
      },
      getVideo(req) {
        record('getVideo', { videoId: req.videoId });
        return own(req.videoId);
      },
      listVideos(req) {
        record('listVideos', { pageSize: req.pageSize, pageNumber: req.pageNumber });
        if (req.pageSize < 0 || req.pageSize > 100) throw new ConnectError('page_size must be 0..100', Code.InvalidArgument);
        if (req.pageNumber < 0) throw new ConnectError('page_number must be >= 0', Code.InvalidArgument);
        const size = req.pageSize || 10;
        const mine = [...videos.values()]
          .filter((v) => v.userId === userId)
          .sort((a, b) => (b.createdAt ? timestampMs(b.createdAt) : 0) - (a.createdAt ? timestampMs(a.createdAt) : 0));
        const start = req.pageNumber * size;
        const page = mine.slice(start, start + size);
        const nextPageNumber = start + size < mine.length ? req.pageNumber + 1 : 0;
        return create(ListVideosResponseSchema, { videos: page, nextPageNumber });
      },
      updateVideo(req) {
        record('updateVideo', { ...req });
        const video = owned(req.videoId);
        return update(video.id, { title: req.title, description: req.description, visibility: req.visibility });
      },
      deleteVideo(req) {
        record('deleteVideo', { videoId: req.videoId });
        owned(req.videoId);
        videos.delete(req.videoId);
        return create(EmptySchema);
      },
      shareVideo(req) {
        record('shareVideo', { videoId: req.videoId });
        const video = owned(req.videoId);
        if (video.visibility === Visibility.PRIVATE) update(video.id, { visibility: Visibility.SHARED });
        return create(ShareVideoResponseSchema, { id: video.id, url: `/video/${video.id}` });
      },
    }),
  );

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
  };
}
