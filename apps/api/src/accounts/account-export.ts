import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { assetsOf, commentsBy, commentsOn, exportedVideos } from './account.repository';
import type { Database } from '../platform/db/schema';
import type { MediaKind } from '../platform/media';
import type { MediaService } from '../videos';
import type { Account } from './account';
import type { AccountService } from './account.service';
import { AppError } from '../platform/app-error';

/** One file of "Export my data": its bytes are read only when the zip reaches it. */
export interface ExportEntry {
  name: string;
  /** Stored as they are (video, images) or deflated (text). */
  compress: boolean;
  /** The bytes, opened now; undefined when the asset went away meanwhile (the entry is left out). */
  open(): Promise<{ stream: Readable; size: number } | { bytes: Buffer } | undefined>;
}

/** The media of a video the export takes, in this order, with the file name each gets. */
const exportedKinds: readonly { kind: MediaKind; file: string }[] = [
  { kind: 'original', file: 'original' },
  { kind: 'playable', file: 'video' },
  { kind: 'edited', file: 'edited' },
  { kind: 'mp4', file: 'video-mp4' },
  { kind: 'thumbnail', file: 'thumbnail' },
  { kind: 'captions', file: 'captions' },
  { kind: 'generated-captions', file: 'transcript' },
];

const extensions: Record<string, string> = {
  'video/webm': 'webm',
  'video/mp4': 'mp4',
  'video/x-matroska': 'mkv',
  'video/quicktime': 'mov',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'text/vtt': 'vtt',
};
const extensionOf = (contentType: string) => extensions[contentType.split(';')[0]!.trim().toLowerCase()] ?? 'bin';

type AssetRow = { kind: string; content_type: string };

/**
 * The media of one video the export takes, in `exportedKinds` order. The MP4 rendition is left
 * out when the version it was made from (the edited one, else the one that plays) is an MP4
 * itself: for an uploaded MP4 it is a copy of the same pictures, and the zip held them twice.
 */
export function exportedAssetsOf<T extends AssetRow>(own: readonly T[]): { kind: MediaKind; file: string; asset: T }[] {
  const source = own.find((asset) => asset.kind === 'edited') ?? own.find((asset) => asset.kind === 'playable');
  const sourceIsMp4 = source !== undefined && extensionOf(source.content_type) === 'mp4';
  return exportedKinds.flatMap(({ kind, file }) => {
    const asset = own.find((candidate) => candidate.kind === kind);
    return asset && !(kind === 'mp4' && sourceIsMp4) ? [{ kind, file, asset }] : [];
  });
}

/** A title as a folder name: no path separators, control or reserved characters, at most 60 characters. */
export function folderName(title: string, id: string): string {
  // eslint-disable-next-line no-control-regex
  const safe = [...title.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_').trim()].slice(0, 60).join('').trim();
  return `${safe.replace(/^\.+/, '_') || 'Video'} (${id})`;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value, null, 2) + '\n');

const README = `Your data from Stream, as it was when this file was made.

account.json         your profile and defaults
profile-photo.jpg    the photo you uploaded in Settings, if any
videos.json          every video's metadata (the same as metadata.json in each video's folder)
my-comments.json     what you wrote on other people's videos
videos/<title> (<id>)/
  video.webm / original.*   the video as it plays (original: as uploaded, kept until processing ends)
  edited.*                  the edited version, when you trimmed or cut it
  video-mp4.mp4             the MP4 rendition, where one was made from a video that is not an MP4
  thumbnail.jpg, captions.vtt, transcript.vtt, comments.json, metadata.json

A video still processing has its upload as original.* and no rendition or thumbnail yet; one still
uploading has only its metadata ("included": [] and "uploading": true).
`;

/**
 * "Export my data": the files of the zip, in order, each opened only when its turn
 * comes, so an export of any size holds one read buffer at a time.
 */
export class AccountExport {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      media: MediaService;
      accounts: AccountService;
      /** The profile photo uploaded in /settings, as stored. */
      photos?: { openOwn(uid: string): Promise<{ stream: Readable; size: number } | undefined> };
    },
  ) {}

  /** The files of `uid`'s export; not_found (before any file) when the account does not exist. */
  async entries(uid: string): Promise<AsyncGenerator<ExportEntry>> {
    const account = await this.deps.accounts.find(uid);
    if (!account) throw new AppError('not_found', `No account ${uid}`);
    return this.files(account);
  }

  private async *files(account: Account): AsyncGenerator<ExportEntry> {
    const { db, media } = this.deps;
    const uid = account.uid;
    const videos = await exportedVideos(db, uid);
    const assets = await assetsOf(
      db,
      videos.map((video) => video.id),
    );
    const metadata = videos.map((video) => {
      const own = assets.filter((asset) => asset.video_id === video.id);
      const included = exportedAssetsOf(own).map(({ file, asset }) => `${file}.${extensionOf(asset.content_type)}`);
      return {
        id: video.id,
        folder: `videos/${folderName(video.title, video.id)}`,
        title: video.title,
        description: video.description,
        status: video.status,
        visibility: video.visibility,
        uploading: video.upload_active_at !== null,
        sourceUrl: video.source_url,
        durationSeconds: video.duration_seconds,
        sizeBytes: video.size_bytes === null ? null : Number(video.size_bytes),
        failureReason: video.failure_reason,
        views: Number(video.view_count),
        tags: video.tags ?? [],
        folderName: video.folder_name,
        teamName: video.team_name,
        transcript: video.transcript_state,
        transcriptLanguage: video.transcript_language,
        commentsEnabled: video.comments_enabled,
        createdAt: video.created_at.toISOString(),
        updatedAt: video.updated_at.toISOString(),
        included,
      };
    });

    yield { name: 'README.txt', compress: true, open: async () => ({ bytes: Buffer.from(README) }) };
    yield {
      name: 'account.json',
      compress: true,
      open: async () => ({ bytes: json({ ...account, createdAt: account.createdAt.toISOString() }) }),
    };
    const photos = this.deps.photos;
    if (photos) yield { name: 'profile-photo.jpg', compress: false, open: () => photos.openOwn(account.uid) };
    yield { name: 'videos.json', compress: true, open: async () => ({ bytes: json(metadata) }) };
    yield { name: 'my-comments.json', compress: true, open: async () => ({ bytes: json(await commentsBy(db, uid)) }) };
    for (const video of metadata) {
      yield { name: `${video.folder}/metadata.json`, compress: true, open: async () => ({ bytes: json(video) }) };
      const own = assets.filter((asset) => asset.video_id === video.id);
      for (const { kind, file, asset: listed } of exportedAssetsOf(own)) {
        yield {
          name: `${video.folder}/${file}.${extensionOf(listed.content_type)}`,
          compress: kind === 'captions' || kind === 'generated-captions',
          open: async () => {
            const opened = await media.open(video.id, [kind]);
            return opened && { stream: await opened.stream(), size: opened.info.size };
          },
        };
      }
      yield {
        name: `${video.folder}/comments.json`,
        compress: true,
        open: async () => ({ bytes: json(await commentsOn(db, video.id)) }),
      };
    }
  }
}
