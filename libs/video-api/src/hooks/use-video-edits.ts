import { create } from '@bufbuild/protobuf';
import type { Transport } from '@connectrpc/connect';
import { ChapterListSchema, EditState, type Video } from '@stream/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { changeErrorMessage } from '../errors/change-error-message';
import { useEditorTranscript } from '../editing/use-editor-transcript';
import { useFindSensitiveText } from '../editing/use-find-sensitive-text';
import { revertEditsMutation, saveEditsMutation, setCaptionsMutation } from '../editing/mutations';
import { updateVideoMutation } from '../videos/mutations';
import { type AnnotationMarkView, annotationMarksOf, annotationOfMark } from '../view/annotations-view';
import { editStateLabel, keptSpansOf } from '../view/video-view';

const rethrow = (error: unknown): never => {
  throw new Error(changeErrorMessage(error));
};

type ChapterMark = { seconds: number; title: string };
const sameChapters = (next: readonly ChapterMark[], saved: readonly ChapterMark[]) =>
  next.length === saved.length &&
  next.every((chapter, i) => chapter.seconds === saved[i]?.seconds && chapter.title === saved[i]?.title);

/**
 * The owner's editing of one video, as `@stream/ui`'s `VideoEditPanel` props: Trim
 * opens edit mode on the original and Save queues the render (SaveEdits of the kept ranges and the
 * annotations) and closes it; Revert;
 * chapters and default speed (UpdateVideo of those changed alone); captions (SetCaptions). A
 * refused change rejects with the words to show.
 */
export function useVideoEdits(transport: Transport, video: Video, { startTrimming = false } = {}) {
  const queryClient = useQueryClient();
  // The editor shows once the video is READY (the page decides), so it may start open before.
  const [trimming, setTrimming] = useState(startTrimming);
  const [captionsError, setCaptionsError] = useState<string>();
  const save = useMutation(saveEditsMutation(transport, queryClient));
  const revert = useMutation(revertEditsMutation(transport, queryClient));
  const captions = useMutation(setCaptionsMutation(transport, queryClient));
  const update = useMutation(updateVideoMutation(transport, queryClient));
  // The filmstrip needs thumbnails of the original: the storyboard is of what plays.
  const sensitiveText = useFindSensitiveText(transport, video.id);
  const transcriptLines = useEditorTranscript(transport, video, trimming);
  const originalStoryboard = video.playingRanges.length === 0 && video.storyboard?.url ? video.storyboard : undefined;

  return {
    trimming,
    // Overlays saved over the whole video need no render (edit_state stays NONE), yet they are an
    // edit Revert removes: the owner gets Revert for them too.
    editState:
      video.editState === EditState.NONE && video.editAnnotations.length > 0
        ? ('applied' as const)
        : editStateLabel(video.editState),
    failureReason: video.editFailureReason,
    onTrim: () => setTrimming(true),
    onRevert: async () => {
      await revert.mutateAsync({ videoId: video.id }).catch(rethrow);
    },
    trim: video.originalUrl
      ? {
          duration: video.originalDurationSeconds || video.durationSeconds,
          originalUrl: video.originalUrl,
          storyboard: originalStoryboard && { ...originalStoryboard },
          initialKept: keptSpansOf(video),
          initialAnnotations: annotationMarksOf(video.editAnnotations),
          // "Find sensitive text" suggests blurs the editor adds on Accept.
          sensitiveText,
          // Edit by transcript, once the transcript is there.
          transcriptLines,
          onCancel: () => setTrimming(false),
          onSave: async (kept: { start: number; end: number }[], annotations: AnnotationMarkView[] = []) => {
            await save
              .mutateAsync({
                videoId: video.id,
                keptRanges: kept.map((span) => ({ startSeconds: span.start, endSeconds: span.end })),
                annotations: annotations.map(annotationOfMark),
              })
              .catch(rethrow);
            setTrimming(false);
          },
        }
      : undefined,
    chapters: {
      chapters: video.chapters.map((chapter) => ({ seconds: chapter.seconds, title: chapter.title })),
      defaultRate: video.defaultPlaybackRate,
      duration: video.durationSeconds,
      onSave: async ({
        chapters,
        defaultRate,
      }: {
        chapters: { seconds: number; title: string }[];
        defaultRate: number;
      }) => {
        // Only what differs from this page's video, masked: the title and visibility are not
        // this panel's, and a speed or chapters left alone keep another tab's change.
        const changed = {
          ...(defaultRate !== video.defaultPlaybackRate && { defaultPlaybackRate: defaultRate }),
          ...(!sameChapters(chapters, video.chapters) && { chapters: create(ChapterListSchema, { chapters }) }),
        };
        if (Object.keys(changed).length === 0) return;
        await update.mutateAsync({ videoId: video.id, ...changed }).catch(rethrow);
      },
    },
    captions: {
      error: captionsError,
      // Captions made from the transcript are not the owner's to remove.
      hasCaptions: Boolean(video.captionsUrl) && !video.generatedCaptions,
      onUpload: async (webvtt: string) => {
        setCaptionsError(undefined);
        await captions
          .mutateAsync({ videoId: video.id, webvtt })
          .catch((error: unknown) => setCaptionsError(changeErrorMessage(error)));
      },
      onRemove: () => void captions.mutateAsync({ videoId: video.id, webvtt: '' }).catch(() => undefined),
    },
  };
}
