import { instantMessages, type RecordingUploads, type RecordingUploadState } from '@stream/recording-uploads';
import { useWhoCanWatch } from '@stream/recording-uploads/react';
import { AlertArea, RecorderNotice, ShareLinkField, WhoCanWatch } from '@stream/ui';
import type { ReactNode } from 'react';

const percent = (uploaded: number, recorded: number) =>
  recorded > 0 ? Math.min(100, Math.round((uploaded / recorded) * 100)) : 0;

/**
 * Where the recording's upload stands, on every path: the instant path's warnings and progress
 * while recording, its link from Stop on, and once the server has every byte docs/product.md's
 * 'Video uploaded successfully!' beside the link to the video.
 */
export function RecordUploadView({
  recordings,
  state,
  stopped,
  renderVideoLink,
}: {
  /** Who can watch changes through it. */
  recordings: RecordingUploads;
  state: RecordingUploadState;
  /** The recorder is stopping or stopped: the link shows from then on. */
  stopped: boolean;
  renderVideoLink?: ((videoId: string) => ReactNode) | undefined;
}) {
  const live = state.status === 'recording' || state.status === 'finishing' ? state.instant : undefined;
  const uploading = live && live.upload !== 'finished' && live.upload !== 'failed';
  const shown = live && (live.active || live.videoId) ? live : undefined;
  const link =
    state.status === 'uploaded' && state.path !== 'whole-file'
      ? { link: state.link, failed: state.linkFailed, videoId: state.videoId, visibility: state.visibility }
      : stopped && shown?.videoId
        ? { link: shown.link, failed: shown.linkFailed, videoId: shown.videoId, visibility: shown.visibility }
        : undefined;
  // Beside the link, who can watch it (issue 26, item 2), once the link says.
  const who = useWhoCanWatch(
    recordings,
    link?.link ? link.videoId : undefined,
    link?.link ? link.visibility : undefined,
  );
  return (
    <>
      {shown?.offline && uploading ? <RecorderNotice message={instantMessages.offline} /> : null}
      {shown?.lowSpace && shown.active ? <RecorderNotice message={instantMessages.lowSpace} /> : null}
      {shown?.noLocalCopy && shown.active ? <RecorderNotice message={instantMessages.noLocalCopy} /> : null}
      {link ? (
        <ShareLinkField link={link.link} failed={link.failed}>
          {who.visibility ? (
            <WhoCanWatch visibility={who.visibility} onChange={who.change} busy={who.busy} error={who.error} />
          ) : null}
        </ShareLinkField>
      ) : null}
      {shown?.videoId && (shown.active || stopped) ? (
        <div role="status" aria-live="polite" className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>{shown.upload === 'failed' ? instantMessages.stopped : instantMessages.uploading}</span>
          <progress
            className="progress progress-primary w-48"
            value={percent(shown.uploadedBytes, shown.recordedBytes)}
            max={100}
            aria-label="Upload progress"
          />
        </div>
      ) : null}
      {state.status === 'uploaded' ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <AlertArea alert={{ kind: 'success', message: state.message }} onDismiss={() => undefined} />
          {state.videoId && renderVideoLink ? renderVideoLink(state.videoId) : null}
        </div>
      ) : null}
    </>
  );
}
