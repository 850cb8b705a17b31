import type { ReactNode } from 'react';
import { LoadState, TitledSection } from '../primitives';

export interface StorageSectionProps {
  loading: boolean;
  loadError?: string | undefined;
  /** e.g. "4.9 MB"; undefined while it loads. */
  used?: string | undefined;
  /** Undefined: unlimited. */
  quota?: string | undefined;
  /** 0-100 of the quota used; undefined when unlimited. */
  percent?: number | undefined;
  /** Largest first. */
  videos: { id: string; title: string; size: string }[];
  /** A link to the video's page, around `children` (the router's Link, in the app). */
  renderVideoLink(id: string, children: ReactNode): ReactNode;
}

/** /settings#storage: bytes used against the quota, and the videos sorted by size. */
export function StorageSection(props: StorageSectionProps) {
  return (
    <TitledSection id="storage" title="Storage">
      <LoadState loadError={props.loadError} loading={props.loading}>
        <p>{props.quota ? `${props.used} of ${props.quota} used` : `${props.used} used (no quota)`}</p>
        {props.percent !== undefined ? (
          <progress
            className={`progress w-64 ${props.percent >= 90 ? 'progress-warning' : 'progress-primary'}`}
            value={props.percent}
            max={100}
            aria-label="Storage used"
          />
        ) : null}
        {props.videos.length === 0 ? (
          <p>No videos stored yet.</p>
        ) : (
          <ol aria-label="Videos by size" className="flex flex-col gap-1">
            {props.videos.map((video) => (
              <li key={video.id} className="flex gap-3">
                <span className="w-24 tabular-nums">{video.size}</span>
                {props.renderVideoLink(video.id, video.title)}
              </li>
            ))}
          </ol>
        )}
      </LoadState>
    </TitledSection>
  );
}
