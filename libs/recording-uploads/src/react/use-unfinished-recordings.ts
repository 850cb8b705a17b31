import { useEffect, useState } from 'react';
import { recordingExtension } from '@stream/recorder';
import type { RecordingUploads } from '../recording-uploads.ts';

export interface UnfinishedRecordingView {
  id: string;
  /** Epoch ms when it started. */
  startedAt: number;
  durationMs: number;
  sizeBytes: number;
  /** Resuming, downloading or discarding it right now. */
  busy: boolean;
}

export interface UnfinishedRecordings {
  recordings: UnfinishedRecordingView[];
  /** What the last action's failure said; null when none. */
  error: string | null;
  clearError(): void;
  resume(id: string): void;
  /** Saves the local copy as recording.webm (recording.mp4 when it was recorded as MP4). */
  download(id: string): void;
  discard(id: string): void;
}

/** Recordings an earlier page left on this computer, and what can be done with each; listed again after every action. */
export function useUnfinishedRecordings(uploads: RecordingUploads): UnfinishedRecordings {
  const [recordings, setRecordings] = useState<UnfinishedRecordingView[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    void uploads
      .unfinished()
      .catch(() => [])
      .then((found) => {
        if (!live) return;
        setRecordings(
          found.map((recording) => ({
            id: recording.id,
            startedAt: recording.startedAt,
            durationMs: recording.durationMs,
            sizeBytes: recording.size,
            busy: false,
          })),
        );
      });
    return () => {
      live = false;
    };
  }, [uploads, version]);

  const act = (id: string, action: () => Promise<unknown>) => {
    setError(null);
    setRecordings((current) => current.map((item) => (item.id === id ? { ...item, busy: true } : item)));
    void action()
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)))
      .finally(() => setVersion((current) => current + 1));
  };

  return {
    recordings,
    error,
    clearError: () => setError(null),
    resume: (id) => act(id, () => uploads.resume(id)),
    download: (id) =>
      act(id, async () => {
        const blob = await uploads.download(id);
        saveAs(blob, `recording.${recordingExtension(blob.type)}`);
      }),
    discard: (id) => act(id, () => uploads.discard(id)),
  };
}

function saveAs(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
