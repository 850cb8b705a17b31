import type { MediaKind } from '../platform/media';
import type { MediaService, StagedAsset } from '../videos';
import type { StoryboardFile } from '../platform/processing/contracts';

/**
 * Stages a storyboard sprite, or undefined when storing it fails: hover previews are a nicety
 * that must not hold up the video they belong to.
 */
export async function stageStoryboard(
  media: MediaService,
  videoId: string,
  kind: Extract<MediaKind, 'storyboard' | 'edited-storyboard'>,
  storyboard: StoryboardFile,
): Promise<StagedAsset | undefined> {
  return media.stageFile(videoId, kind, storyboard.file, 'image/jpeg').catch(() => undefined);
}
