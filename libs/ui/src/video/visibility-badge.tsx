import type { VideoVisibilityLabel } from './video-status';

export interface VisibilityBadgeProps {
  visibility: VideoVisibilityLabel;
}

/** 'Shared' or 'Public'; nothing for a private video. */
export function VisibilityBadge({ visibility }: VisibilityBadgeProps) {
  if (visibility === 'private') return null;
  return <span className="badge badge-sm badge-info">{visibility === 'shared' ? 'Shared' : 'Public'}</span>;
}
