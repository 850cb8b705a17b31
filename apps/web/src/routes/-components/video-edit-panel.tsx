import type { Transport } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { ChapterListSchema, type Video } from '@stream/proto';
import { ChaptersEditor, EditControls, TrimEditor } from '@stream/ui';
import { revertEditsMutation, saveEditsMutation, setCaptionsMutation, updateVideoMutation } from '@stream/video-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { editStateLabel, keptSpansOf } from './player-extras';
import { useWaveform } from './use-waveform';
import { changeErrorMessage } from './video-errors';

/**
 * The owner's editing of one video (issue 16): Trim opens edit mode on the original; Save queues
 * the render and closes it; chapters, default speed and captions are edited below.
 */
export function VideoEditPanel({ video, transport }: { video: Video; transport: Transport }) {
  const queryClient = useQueryClient();
  const [trimming, setTrimming] = useState(false);
  const save = useMutation(saveEditsMutation(transport, queryClient));
  const revert = useMutation(revertEditsMutation(transport, queryClient));
  const captions = useMutation(setCaptionsMutation(transport, queryClient));
  const update = useMutation(updateVideoMutation(transport, queryClient));
  const [captionsError, setCaptionsError] = useState<string>();
  const waveform = useWaveform(trimming ? video.originalUrl : undefined, Number(video.sizeBytes));
  const duration = video.originalDurationSeconds || video.durationSeconds;
  // The filmstrip needs thumbnails of the original: the storyboard is of what plays.
  const originalStoryboard = video.playingRanges.length === 0 && video.storyboard?.url ? video.storyboard : undefined;

  const rethrow = (error: unknown): never => {
    throw new Error(changeErrorMessage(error));
  };

  return (
    <div className="flex flex-col gap-3">
      <EditControls
        state={editStateLabel(video.editState)}
        failureReason={video.editFailureReason}
        onTrim={() => setTrimming(true)}
        onRevert={async () => {
          await revert.mutateAsync({ videoId: video.id }).catch(rethrow);
        }}
      />
      {trimming && video.originalUrl && (
        <TrimEditor
          duration={duration}
          originalUrl={video.originalUrl}
          storyboard={originalStoryboard && { ...originalStoryboard }}
          waveform={waveform}
          initialKept={keptSpansOf(video)}
          onCancel={() => setTrimming(false)}
          onSave={async (kept) => {
            await save
              .mutateAsync({
                videoId: video.id,
                keptRanges: kept.map((span) => ({ startSeconds: span.start, endSeconds: span.end })),
              })
              .catch(rethrow);
            setTrimming(false);
          }}
        />
      )}
      <ChaptersEditor
        key={video.id}
        chapters={video.chapters.map((chapter) => ({ seconds: chapter.seconds, title: chapter.title }))}
        defaultRate={video.defaultPlaybackRate}
        duration={video.durationSeconds}
        onSave={async ({ chapters, defaultRate }) => {
          await update
            .mutateAsync({
              videoId: video.id,
              title: video.title,
              description: video.description,
              visibility: video.visibility,
              defaultPlaybackRate: defaultRate,
              chapters: create(ChapterListSchema, { chapters }),
            })
            .catch(rethrow);
        }}
      />
      <label className="flex flex-col gap-1 text-sm">
        <span>Captions (WebVTT)</span>
        <input
          type="file"
          accept=".vtt,text/vtt"
          className="file-input file-input-sm"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            setCaptionsError(undefined);
            await captions
              .mutateAsync({ videoId: video.id, webvtt: await file.text() })
              .catch((error: unknown) => setCaptionsError(changeErrorMessage(error)));
          }}
        />
        {captionsError && (
          <span role="alert" className="text-error">
            {captionsError}
          </span>
        )}
      </label>
      {video.captionsUrl && (
        <button
          type="button"
          className="btn btn-ghost btn-xs self-start"
          onClick={() => void captions.mutateAsync({ videoId: video.id, webvtt: '' }).catch(() => undefined)}
        >
          Remove captions
        </button>
      )}
    </div>
  );
}
