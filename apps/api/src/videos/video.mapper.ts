import type { CallToActionPlacement, HlsRung, Mp4State, VideoRow } from './video.table';
import type { VideoRights } from '../access';
import type { Video } from './video';
import { editingOf } from '../edits';

/** A video with what only the services use (its share token); no storage keys ever. */
export interface StoredVideo extends Video {
  shareToken?: string;
  /** The generation of its signed URLs (see LinkGenerations). */
  linkGeneration: number;
  /** When the share link stops working; undefined: never. */
  shareExpiresAt?: Date;
  /**
   * Set when the caller reads the video only through its share link: the link's expiry, which the
   * signed URLs handed to them must not outlive.
   */
  readableUntil?: Date;
  /** The store's own short-lived URLs (S3 presigned reads), when they replace the signed paths. */
  directUrls?: { stream?: string; thumbnail?: string };
  /** The team it is in; undefined in its owner's personal library. */
  teamId?: string;
  /** That team's name; undefined with no team. */
  teamName?: string;
  /** Whether the MP4 rendition of what plays exists (READY) or could not be made. */
  mp4State: Mp4State;
  /** The rungs of its HLS presentation, highest first; empty when it has none. */
  hlsRungs: HlsRung[];
  /** What the caller may do to it, where the service worked it out for them. */
  callerRights?: VideoRights;
  /** The caller sees it as its owner does (the policy's `view-original`): the original, the annotations, the owner's uid. */
  viewOriginal?: boolean;
  /** The main link's password (scrypt hash); undefined: none. */
  sharePasswordHash?: string;
  /** Whether the main link asks the viewer's email first. */
  shareEmailGate: boolean;
  /** The call to action the watch page shows; undefined: none. */
  callToAction?: CallToAction;
}

/** A button on the watch page and embed, at the end or throughout. */
export interface CallToAction {
  label: string;
  url: string;
  placement: CallToActionPlacement;
}

export function toVideo(row: VideoRow): StoredVideo {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    description: row.description,
    status: row.status,
    visibility: row.visibility,
    hasVideoBlob: row.has_video,
    originalContentType: row.original_content_type ?? '',
    hasThumbnail: row.has_thumbnail,
    sourceUrl: row.source_url ?? undefined,
    durationSeconds: row.duration_seconds ?? 0,
    sizeBytes: row.size_bytes === null ? 0 : Number(row.size_bytes),
    failureReason: row.failure_reason ?? '',
    processingProgress: row.status === 'PROCESSING' ? (row.processing_progress ?? 0) : 0,
    createdAt: row.created_at,
    shareToken: row.share_token ?? undefined,
    linkGeneration: row.link_generation,
    shareExpiresAt: row.share_expires_at ?? undefined,
    viewCount: Number(row.view_count),
    ownerName: row.owner_name,
    editing: editingOf(row),
    folderId: row.folder_id ?? '',
    tags: row.tags ?? [],
    teamId: row.team_id ?? undefined,
    teamName: row.team_id ? (row.team_name ?? '') : undefined,
    mp4State: row.mp4_state ?? 'NONE',
    // The rungs belong to the MP4 rendition of what plays: an edit makes both anew.
    hlsRungs: row.mp4_state === 'READY' && row.hls_rungs ? (JSON.parse(row.hls_rungs) as HlsRung[]) : [],
    transcript: {
      state: row.transcript_state ?? null,
      failureReason: row.transcript_failure_reason ?? '',
      language: row.transcript_language ?? '',
      progress: row.transcript_progress ?? 0,
      spokenLanguage: row.spoken_language ?? '',
      suggestedSummary: row.suggested_summary ?? '',
      suggestedChapters: row.suggested_chapters ?? [],
    },
    sharePasswordHash: row.share_password_hash ?? undefined,
    shareEmailGate: row.share_email_gate ?? false,
    callToAction:
      row.cta_label && row.cta_url
        ? { label: row.cta_label, url: row.cta_url, placement: row.cta_placement ?? 'END' }
        : undefined,
  };
}
