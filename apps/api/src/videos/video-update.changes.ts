import { Code, ConnectError } from '@connectrpc/connect';
import type { UpdateVideoRequest } from '@stream/proto';
import type { VideoVisibility } from './video';
import { playbackChanges } from '../edits';
import * as valid from './video.validation';

/** What an UpdateVideo request changes: the video's fields (unset keeps one) and its playback settings. */
export interface UpdateVideoChanges {
  video: { title?: string; description?: string; visibility?: VideoVisibility; spokenLanguage?: string };
  playback?: { chapters?: { seconds: number; title: string }[]; defaultPlaybackRate?: number };
}

/**
 * Reads and checks an UpdateVideo request before anything changes. With an update_mask only the
 * named fields change, each to the request's value (unset chapters are none, an unset speed is
 * normal; a title must not be empty). Without one, the spec's full replacement: an empty title
 * keeps the current one, description and visibility are replaced, unset chapters and speed are kept.
 */
export function updateVideoChanges(request: UpdateVideoRequest): UpdateVideoChanges {
  const mask = valid.updateMask(request.updateMask);
  if (!mask) {
    const title = valid.title(request.title);
    return {
      video: {
        ...(title ? { title } : {}),
        description: valid.description(request.description),
        visibility: valid.visibility(request.visibility),
        ...(request.spokenLanguage !== undefined && { spokenLanguage: valid.spokenLanguage(request.spokenLanguage) }),
      },
      playback: playbackChanges(request),
    };
  }
  const video: UpdateVideoChanges['video'] = {};
  if (mask.has('title')) {
    video.title = valid.title(request.title);
    if (!video.title) throw new ConnectError('title must not be empty', Code.InvalidArgument);
  }
  if (mask.has('description')) video.description = valid.description(request.description);
  if (mask.has('visibility')) video.visibility = valid.visibility(request.visibility);
  if (mask.has('spoken_language')) video.spokenLanguage = valid.spokenLanguage(request.spokenLanguage ?? '');
  const playback: NonNullable<UpdateVideoChanges['playback']> = {};
  if (mask.has('chapters'))
    playback.chapters = (request.chapters?.chapters ?? []).map(({ seconds, title }) => ({ seconds, title }));
  if (mask.has('default_playback_rate')) playback.defaultPlaybackRate = request.defaultPlaybackRate ?? 0;
  return { video, playback: mask.has('chapters') || mask.has('default_playback_rate') ? playback : undefined };
}
