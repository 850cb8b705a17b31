import type { ReactNode } from 'react';
import { AlertArea } from '../primitives';
import { RecorderNotice } from './recorder-notice';
import { RecordingTitleField, type RecordingTitleFieldProps } from './recording-title-field';
import { ShareLinkField } from './share-link-field';
import { WhoCanWatch, type WhoCanWatchProps } from './who-can-watch';

export interface RecordUploadViewProps {
  /** The instant path's warnings. */
  notices: readonly string[];
  link?: { link: string | undefined; failed: boolean } | undefined;
  /** Who can watch the link's video, once the link says. */
  whoCanWatch?: WhoCanWatchProps | undefined;
  /** Names the link's video, under the link. */
  title?: RecordingTitleFieldProps | undefined;
  progress?: { label: string; percent: number } | undefined;
  uploaded?: { message: string; videoId: string | undefined } | undefined;
  /** Where a finished upload can be watched (the app gives a router link). */
  renderVideoLink?: ((videoId: string) => ReactNode) | undefined;
}

/**
 * Where the recording's upload stands, on every path: the instant path's warnings and progress
 * while recording, its link (and who can watch it) from Stop on, and once the server has every
 * byte docs/product.md's 'Video uploaded successfully!' beside the link to the video.
 */
export function RecordUploadView({
  notices,
  link,
  whoCanWatch,
  title,
  progress,
  uploaded,
  renderVideoLink,
}: RecordUploadViewProps) {
  return (
    <>
      {notices.map((notice) => (
        <RecorderNotice key={notice} message={notice} />
      ))}
      {link ? (
        <ShareLinkField link={link.link} failed={link.failed}>
          {whoCanWatch ? <WhoCanWatch {...whoCanWatch} /> : null}
        </ShareLinkField>
      ) : null}
      {link && title ? <RecordingTitleField {...title} /> : null}
      {progress ? (
        <div role="status" aria-live="polite" className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>{progress.label}</span>
          <progress
            className="progress progress-primary w-48"
            value={progress.percent}
            max={100}
            aria-label="Upload progress"
          />
        </div>
      ) : null}
      {uploaded ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <AlertArea alert={{ kind: 'success', message: uploaded.message }} onDismiss={() => undefined} />
          {uploaded.videoId && renderVideoLink ? renderVideoLink(uploaded.videoId) : null}
        </div>
      ) : null}
    </>
  );
}
