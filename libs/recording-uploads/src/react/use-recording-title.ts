import { useState } from 'react';
import type { RecordingUploads } from '../recording-uploads.ts';

export interface RecordingTitleControl {
  busy: boolean;
  /** Why the last rename did not happen; undefined when none. */
  error: string | undefined;
  /** The title the server saved last, for this video; undefined before the first save. */
  saved: string | undefined;
  save(title: string): void;
}

/** Names the recording's video `videoId` at Stop, through `recordings.setTitle`. */
export function useRecordingTitle(recordings: RecordingUploads, videoId: string | undefined): RecordingTitleControl {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ videoId: string; saved?: string; error?: string }>();
  const mine = result && result.videoId === videoId ? result : undefined;
  return {
    busy,
    error: mine?.error,
    saved: mine?.saved,
    save(title) {
      const trimmed = title.trim();
      if (!videoId || busy || !trimmed) return;
      setBusy(true);
      recordings
        .setTitle(videoId, trimmed)
        .then(
          (saved) => setResult({ videoId, saved }),
          (error: unknown) =>
            setResult({
              videoId,
              error: `The name did not change: ${(error instanceof Error ? error.message : String(error)).replace(/^\[[a-z_]+\] /, '')}`,
            }),
        )
        .finally(() => setBusy(false));
    },
  };
}
