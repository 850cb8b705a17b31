import type { VideoVisibilityLabel } from '../primitives';

export interface VisibilityBadgeProps {
  visibility: VideoVisibilityLabel;
}

const NAMES = { shared: 'Shared', public: 'Public', team: 'Team' } as const;

/** 'Shared', 'Public' or 'Team'; nothing for a private video. */
export function VisibilityBadge({ visibility }: VisibilityBadgeProps) {
  if (visibility === 'private') return null;
  return <span className="badge badge-sm badge-info">{NAMES[visibility]}</span>;
}
