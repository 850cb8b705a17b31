import type { RecorderOptions } from '@stream/recorder';
import { RecorderNotice, ShareLinkField, UnfinishedRecordings, type UnfinishedRecordingItem } from '@stream/ui';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { InstantRecording, InstantState } from './instant-recording';

/** issue 13, word for word. */
export const offlineMessage = "Offline: your recording is safe on this computer and will upload when you're back";
export const lowSpaceMessage =
  'This computer is running out of space for the local copy of your recording. Free some space, or keep the recording short.';
const noLocalCopyMessage = 'This browser keeps no local copy of the recording: stay online until it has uploaded.';

/** The recorder's options with the instant path's sinks added (read once, like the options). */
export function useInstantOptions(options: RecorderOptions | undefined, instant: InstantRecording | undefined) {
  const [withSinks] = useState<RecorderOptions | undefined>(() =>
    instant
      ? { ...options, sinks: (recording) => [...(options?.sinks?.(recording) ?? []), ...instant.sinks(recording)] }
      : options,
  );
  return withSinks;
}

const idleSubscribe = () => () => undefined;

export function useInstantState(instant: InstantRecording | undefined): InstantState | undefined {
  return useSyncExternalStore(
    instant ? instant.subscribe : idleSubscribe,
    () => instant?.state,
    () => instant?.state,
  );
}

const percentOf = (state: InstantState) =>
  state.recordedBytes > 0 ? Math.min(100, Math.round((state.uploadedBytes / state.recordedBytes) * 100)) : 0;

/**
 * While recording and after Stop: the offline and low-space warnings, the upload's progress and,
 * from Stop on, the video's link.
 */
export function InstantRecordingView({
  state,
  stopped,
  renderVideoLink,
}: {
  state: InstantState;
  stopped: boolean;
  renderVideoLink?: ((videoId: string) => ReactNode) | undefined;
}) {
  const uploading = state.upload !== 'finished' && state.upload !== 'failed';
  return (
    <>
      {state.offline && uploading ? <RecorderNotice message={offlineMessage} /> : null}
      {state.lowSpace && state.active ? <RecorderNotice message={lowSpaceMessage} /> : null}
      {state.noLocalCopy && state.active ? <RecorderNotice message={noLocalCopyMessage} /> : null}
      {stopped && state.videoId ? <ShareLinkField link={state.link} failed={state.linkFailed} /> : null}
      {state.videoId && (state.active || stopped) ? (
        <div role="status" aria-live="polite" className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>
            {state.upload === 'finished'
              ? 'Uploaded: the video is being prepared.'
              : state.upload === 'failed'
                ? 'The upload stopped.'
                : 'Uploading while you record...'}
          </span>
          <progress
            className="progress progress-primary w-48"
            value={state.upload === 'finished' ? 100 : percentOf(state)}
            max={100}
            aria-label="Upload progress"
          />
          {stopped && state.upload === 'finished' && renderVideoLink ? renderVideoLink(state.videoId) : null}
        </div>
      ) : null}
    </>
  );
}

/** "Unfinished recordings" left by an earlier page: Resume upload, Download, Discard. */
export function UnfinishedRecordingsPanel({
  instant,
  onResumed,
}: {
  instant: InstantRecording;
  onResumed(result: { videoId: string; link?: string }): void;
}) {
  const [items, setItems] = useState<UnfinishedRecordingItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const refresh = () => setVersion((current) => current + 1);
  useEffect(() => {
    let live = true;
    void instant
      .unfinished()
      .catch(() => [])
      .then((found) => {
        if (!live) return;
        setItems(
          found.map((recording) => ({
            id: recording.id,
            startedAt: recording.startedAt,
            durationMs: recording.durationMs,
            sizeBytes: recording.size,
          })),
        );
      });
    return () => {
      live = false;
    };
  }, [instant, version]);

  const busy = (id: string, value: boolean) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, busy: value } : item)));
  const act = (id: string, action: () => Promise<void>) => {
    setError(null);
    busy(id, true);
    void action()
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)))
      .finally(refresh);
  };

  return (
    <>
      {error ? <RecorderNotice message={`That did not work: ${error}`} onDismiss={() => setError(null)} /> : null}
      <UnfinishedRecordings
        recordings={items}
        onResume={(id) => act(id, async () => onResumed(await instant.resume(id)))}
        onDownload={(id) =>
          act(id, async () => {
            const url = URL.createObjectURL(await instant.download(id));
            const anchor = document.createElement('a');
            anchor.href = url;
            anchor.download = 'recording.webm';
            anchor.click();
            setTimeout(() => URL.revokeObjectURL(url), 60_000);
          })
        }
        onDiscard={(id) => act(id, () => instant.discard(id))}
      />
    </>
  );
}
