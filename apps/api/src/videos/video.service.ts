import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { User } from '../platform/auth/user';
import type { VideoVisibility } from './video.table';
import type { Database } from '../platform/db/schema';
import type { HlsRungKind } from './media-asset.table';
import { sqlOn } from '../platform/db/sql-executor';
import * as repository from './video.repository';
import { defaultVisibilityOf } from '../accounts';
import { isUniqueViolation } from '../platform/db/unique-violation';
import { isDiskFull } from '../platform/storage/disk-full';
import type { MediaKind } from '../platform/media';
import type { MediaService, OpenedAsset } from './media.service';
import type { VideoProcessingQueue } from '../platform/processing/contracts';
import { authorize, readableUntil, type Grant, type Person } from '../access';
import type { LinkGenerations } from '../sharing';
import { may, videoRights, type TeamRole } from '../access';
import { StorageFullError, AppError } from '../platform/app-error';
import { defaultTitle } from './default-title';
import { newVideoId, uploadedVideoRow } from './uploaded-video-row';
import { toVideo, type StoredVideo } from './video.mapper';
import { publishRevocation } from '../access';

export { MediaGoneError, type AssetVersion, type OpenedAsset } from './media.service';

/** Where the bytes of resumable uploads in progress wait (the tus storage); see VideoService.removeUploadsWith. */
export interface UploadsInProgress {
  /** Removes what is kept for upload `id`; removing a missing one is not an error. */
  remove(id: string): Promise<void>;
}

export interface VideoServiceDeps {
  db: Kysely<Database>;
  media: MediaService;
  /** Set once processing is wired; uploads accepted without one stay PROCESSING. */
  queue?: VideoProcessingQueue;
  /** Told when a video's signed URLs are revoked, so this process stops honouring them at once. */
  generations?: Pick<LinkGenerations, 'forget'>;
  /** Turns a share token into what it grants (a gated link grants nothing until passed). */
  linkGates?: { grantFor(video: StoredVideo, grant: Grant): Promise<Grant> };
}

// TEAM's readers (the team) and SHARED's (holders of the link) are not nested: either way round
// some readers lose the video, so TEAM → SHARED narrows as well as SHARED → TEAM.
const openness: Record<VideoVisibility, number> = { PRIVATE: 0, TEAM: 1, SHARED: 2, PUBLIC: 3 };

/** Whether going from `before` to `after` takes readers away (PUBLIC → SHARED, anything → PRIVATE). */
export const narrows = (before: VideoVisibility, after: VideoVisibility) =>
  openness[after] < openness[before] || (before === 'TEAM' && after === 'SHARED');

/** An upload stored but not yet a video. */
export interface ReceivedUpload {
  /** Bytes stored. */
  readonly sizeBytes: number;
  accept(): Promise<StoredVideo>;
  discard(): Promise<void>;
}

/** What the stream and thumbnail routes serve, by the media kinds that can answer, best first. */
export type MediaResource =
  | 'video'
  | 'thumbnail'
  | 'original'
  /** The upload's own bytes while processing kept them (an encoded MOV, MKV), else 'original'. */
  | 'uploaded'
  | 'storyboard'
  | 'captions'
  | 'mp4'
  /** The HLS presentation's playlists, and each rung's media. */
  | 'hls'
  | HlsRungKind;
/** What plays, best first: an edited version, once rendered; 'original' is the unedited one. */
export const PLAYING_KINDS: readonly MediaKind[] = ['edited', 'playable', 'original'];
const kindsOf: Record<MediaResource, readonly MediaKind[]> = {
  video: PLAYING_KINDS,
  // An edited version's own thumbnail exists only while that version plays.
  thumbnail: ['edited-thumbnail', 'thumbnail'],
  original: ['playable', 'original'],
  uploaded: ['original', 'playable'],
  storyboard: ['storyboard'],
  // The owner's own captions win over those made from the transcript.
  captions: ['captions', 'generated-captions'],
  // H.264/AAC of what plays, once made (the links name it only while it is that version's).
  mp4: ['mp4'],
  hls: ['hls'],
  'hls-0': ['hls-0'],
  'hls-1': ['hls-1'],
  'hls-2': ['hls-2'],
};

const notFound = (id: string) => new AppError('not_found', `No video ${id}`);

/** TEAM opens a video to its team's members: a video in no team has nobody to open to. */
export const teamlessTeamVisibility = (id: string) =>
  new AppError(
    'failed_precondition',
    `Video ${id} is in no team, so it cannot be visible to a team: move it into a team first`,
  );

/**
 * What of a readable video its reader sees. Folders and tags are how the owner files videos, and a
 * team's members share its folders and tags: nobody else sees them, nor the team; the team's
 * name is for its members.
 */
function shownTo(video: StoredVideo, person: Person | undefined, role: TeamRole | undefined): StoredVideo {
  if (role) return video;
  if (may(person, 'list-in-library', { kind: 'video', video })) return { ...video, teamName: undefined };
  return { ...video, folderId: '', tags: [], teamId: undefined, teamName: undefined };
}

/** A video as its owner is told it: with what they may do to it (the policy's answers). */
const ownersView = (video: StoredVideo): StoredVideo => ({
  ...video,
  callerRights: videoRights({ uid: video.userId, roles: new Map() }, video),
  viewOriginal: true,
});

/** The business rules of videos: who may do what, and the lifecycle. Free of HTTP and SQL. */
export class VideoService {
  private uploadsInProgress?: UploadsInProgress;

  constructor(private readonly deps: VideoServiceDeps) {}

  /**
   * Where uploads in progress wait, so deleting a video during its upload removes those bytes too
   * (not 24 h later by the expiry sweep). Set once the tus routes have their storage, which needs
   * services made after this one.
   */
  removeUploadsWith(uploads: UploadsInProgress): void {
    this.uploadsInProgress = uploads;
  }

  /**
   * A video described by CreateVideo: metadata, optionally hosted elsewhere (`sourceUrl`). A new
   * video is in no team, so TEAM is refused as UpdateVideo refuses it (uploads take the person's default, never TEAM).
   */
  async create(
    user: User,
    input: { title: string; description: string; sourceUrl?: string; visibility?: VideoVisibility },
  ): Promise<StoredVideo> {
    if (input.visibility === 'TEAM')
      throw new AppError(
        'failed_precondition',
        'A new video is in no team, so it cannot be visible to a team: create it, move it into a team, then make it TEAM',
      );
    const row = await repository.insertVideo(this.deps.db, {
      id: newVideoId(),
      user_id: user.uid,
      owner_name: user.name ?? '',
      title: input.title || defaultTitle(new Date()),
      description: input.description,
      // Not said: the caller's default from /settings.
      visibility: input.visibility ?? (await defaultVisibilityOf(this.deps.db, user.uid)),
      source_url: input.sourceUrl ?? null,
      // Bytes elsewhere are playable as they are; without any, there is nothing to process.
      status: input.sourceUrl ? 'READY' : 'UNSPECIFIED',
    });
    return ownersView(toVideo(row));
  }

  /**
   * A video the caller may read. Someone signed in who may not read it gets not_found (existence
   * does not leak); someone signed out gets unauthenticated, whether it exists or not.
   */
  async get(caller: User | undefined, id: string, grant: Grant = {}): Promise<StoredVideo> {
    const { video, role, person } = await this.access(caller, id, grant);
    const callerRights = person && videoRights(person, video);
    const viewOriginal = may(person, 'view-original', { kind: 'video', video });
    return this.withDirectUrls({ ...shownTo(video, person, role), callerRights, viewOriginal });
  }

  /** Like `get`, without the store's direct URLs (for checks that hand out no URL). */
  async readable(caller: User | undefined, id: string, grant: Grant = {}): Promise<StoredVideo> {
    const { video, person } = await this.access(caller, id, grant);
    const viewOriginal = may(person, 'view-original', { kind: 'video', video });
    return { ...video, callerRights: person && videoRights(person, video), viewOriginal };
  }

  /** The video when the caller may read it, with the caller's role in its team (if any). */
  private async access(
    caller: User | undefined,
    id: string,
    grant: Grant,
  ): Promise<{ video: StoredVideo; role?: TeamRole; person?: Person }> {
    const row = await repository.findVideo(this.deps.db, id);
    if (!row) {
      if (!caller && !grant.signedUrl) throw new AppError('unauthenticated', 'Sign in to see this video');
      throw notFound(id);
    }
    const video = toVideo(row);
    if (grant.shareToken && !grant.signedUrl && this.deps.linkGates)
      grant = await this.deps.linkGates.grantFor(video, grant);
    // The caller's role in the video's team is read now: a removed member loses access at once. A
    // valid signature names this very id, so saying it is gone tells its holder nothing new.
    const { role, person } = await authorize(
      this.deps.db,
      caller,
      'view',
      { kind: 'video', video, grant },
      { notFound: `No video ${id}`, signedOut: grant.signedUrl ? undefined : 'Sign in to see this video' },
    );
    const until = grant.shareToken && !grant.signedUrl ? readableUntil(video, caller, role) : undefined;
    return { video: until ? { ...video, readableUntil: until } : video, role, person };
  }

  /**
   * The current `resource` of a video the caller may read (the same rules and errors as `get`),
   * opened; undefined when the video has none (yet).
   */
  async openMedia(
    caller: User | undefined,
    id: string,
    resource: MediaResource,
    grant: Grant = {},
  ): Promise<OpenedAsset | undefined> {
    const { video, person } = await this.access(caller, id, grant);
    // The unedited video is its owner's alone: an edit may cut what others must not see.
    if (
      (resource === 'original' || resource === 'uploaded') &&
      !may(person, 'view-original', { kind: 'video', video, grant })
    )
      throw notFound(id);
    const edited = resource === 'storyboard' && video.editing.playingRanges.length > 0;
    return this.deps.media.open(id, edited ? ['edited-storyboard'] : kindsOf[resource]);
  }

  async list(
    user: User,
    page: { size: number; number: number },
  ): Promise<{ videos: StoredVideo[]; nextPageNumber: number }> {
    const { rows, hasMore } = await repository.listVideosOfUser(this.deps.db, user.uid, page);
    const videos = await Promise.all(rows.map((row) => this.withDirectUrls(ownersView(toVideo(row)))));
    return { videos, nextPageNumber: hasMore ? page.number + 1 : 0 };
  }

  /**
   * Owner only. Each field given replaces the video's; one not given keeps it. A visibility that
   * takes readers away revokes the signed URLs handed out so far.
   */
  async update(
    user: User,
    id: string,
    changes: { title?: string; description?: string; visibility?: VideoVisibility; spokenLanguage?: string },
  ): Promise<StoredVideo> {
    const before = await this.checkUpdate(user, id, changes);
    const revokeLinks = changes.visibility !== undefined && narrows(before.visibility, changes.visibility);
    const row = await repository.updateVideo(
      this.deps.db,
      id,
      {
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.visibility !== undefined ? { visibility: changes.visibility } : {}),
        ...(changes.spokenLanguage !== undefined ? { spoken_language: changes.spokenLanguage } : {}),
      },
      { revokeLinks },
    );
    if (!row) throw notFound(id);
    if (revokeLinks) this.linksRevoked(id);
    if (changes.visibility !== undefined && changes.visibility !== before.visibility)
      await publishRevocation(this.deps.db, { kind: 'video', id });
    return this.withDirectUrls(ownersView(toVideo(row)));
  }

  /** The caller's own video when `changes` may apply to it (as `update` checks), else the refusal. */
  async checkUpdate(user: User, id: string, changes: { visibility?: VideoVisibility }): Promise<StoredVideo> {
    const video = await this.owned(user, id);
    // A video already TEAM keeps it (UpdateVideo without a mask restates the visibility).
    if (changes.visibility === 'TEAM' && video.visibility !== 'TEAM' && !video.teamId) throw teamlessTeamVisibility(id);
    return video;
  }

  /** After a revocation of `id`'s signed URLs committed (here or in the sharing service). */
  linksRevoked(id: string): void {
    this.deps.generations?.forget(id);
  }

  /** Owner only: removes the row and every asset of the video, and the bytes of its upload in progress. */
  async delete(user: User, id: string): Promise<void> {
    await this.owned(user, id);
    let uploading = false;
    const deleted = await this.deps.media.deleteAll(id, async (trx) => {
      const gone = await repository.deleteVideoReturningUpload(trx, id);
      uploading = gone?.uploading ?? false;
      return gone !== undefined;
    });
    if (!deleted) throw notFound(id);
    await publishRevocation(this.deps.db, { kind: 'video', id });
    // Should this fail, the expiry sweep removes the bytes once idle: their row is gone.
    if (uploading) await this.uploadsInProgress?.remove(id).catch(() => undefined);
  }

  /**
   * Stores an upload's bytes (a stream that fails if the upload does). Nothing is visible until
   * `accept` makes it a new PROCESSING, private video and queues its processing; `discard` (or a
   * failed accept) removes the bytes.
   */
  async receiveUpload(
    user: User,
    body: Readable,
    options: { title?: string; requestId?: string; uploadKey?: string } = {},
  ): Promise<ReceivedUpload> {
    const id = newVideoId();
    const { media } = this.deps;
    const original = await media.receiveUpload(id, body).catch((error: unknown) => {
      throw isDiskFull(error) ? new StorageFullError({ cause: error }) : error;
    });
    return {
      sizeBytes: original.sizeBytes,
      discard: () => media.discard([original]),
      accept: async () => {
        try {
          await media.publish(id, [original], {
            when: async (trx) => {
              await repository.insertVideo(trx, {
                ...uploadedVideoRow(id, user, options.title),
                visibility: await defaultVisibilityOf(trx, user.uid),
                size_bytes: original.sizeBytes,
                client_upload_id: options.uploadKey ?? null,
              });
              await this.queueProcessing(trx, id, options.requestId);
              return true;
            },
          });
        } catch (error) {
          // The same upload, sent twice at once, was stored by the other request: its video answers.
          const earlier =
            options.uploadKey && isUniqueViolation(error) && (await this.findUpload(user, options.uploadKey));
          if (earlier) return earlier;
          // The bytes fitted but the embedded database on the same disk could not grow for the row.
          throw isDiskFull(error) ? new StorageFullError({ cause: error }) : error;
        }
        this.wakeProcessing();
        const row = await repository.findVideo(this.deps.db, id);
        if (!row) throw notFound(id); // deleted the moment it arrived
        return this.withDirectUrls(ownersView(toVideo(row)));
      },
    };
  }

  /** The video `user` stored from a whole-file upload sent with Idempotency-Key `key`, if it still exists. */
  async findUpload(user: User, key: string): Promise<StoredVideo | undefined> {
    const row = await repository.findVideoByClientUploadId(this.deps.db, user.uid, key);
    return row && this.withDirectUrls(ownersView(toVideo(row)));
  }

  /**
   * Queues processing of a video whose original is in place, in `trx`: the transaction that makes
   * it so, which then fails as a whole if the job cannot be queued (a video that no job will
   * finish must not exist). Call `wakeProcessing` once it commits. `requestId`, the request that
   * asked, follows into the job's log lines.
   */
  async queueProcessing(trx: Kysely<Database>, id: string, requestId?: string): Promise<void> {
    await this.deps.queue?.enqueue(id, { requestId, within: sqlOn(trx) });
  }

  /** Starts this process's worker on the jobs just committed by `queueProcessing`. */
  wakeProcessing(): void {
    this.deps.queue?.wake();
  }

  /**
   * With presigned reads on, the store's own short-lived URLs for the video and its thumbnail, so
   * the bytes need not pass through this server. Only for a video the caller was allowed to see.
   */
  async withDirectUrls(video: StoredVideo): Promise<StoredVideo> {
    const { media } = this.deps;
    // The store's URLs cannot be made to end with a share link: such a reader gets signed paths.
    if (!media.presignsReads || video.readableUntil || (!video.hasVideoBlob && !video.hasThumbnail)) return video;
    const [stream, thumbnail] = await Promise.all([
      video.hasVideoBlob ? media.presignedUrl(video.id, kindsOf.video) : undefined,
      video.hasThumbnail ? media.presignedUrl(video.id, kindsOf.thumbnail) : undefined,
    ]);
    return { ...video, directUrls: { stream, thumbnail } };
  }

  /** The caller's own video, else not_found. */
  async owned(user: User, id: string): Promise<StoredVideo> {
    const row = await repository.findVideo(this.deps.db, id);
    if (!row) throw notFound(id);
    const video = toVideo(row);
    // Seen or not, what is not one's own is as good as absent to the owner's calls.
    await authorize(this.deps.db, user, 'edit', { kind: 'video', video }, { notFound: `No video ${id}` });
    return video;
  }
}
