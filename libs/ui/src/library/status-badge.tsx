import type { VideoStatusLabel } from '../primitives';

const styleOf: Record<VideoStatusLabel, string> = {
  PROCESSING: 'badge-warning',
  READY: 'badge-success',
  FAILED: 'badge-error',
  UNSPECIFIED: 'badge-ghost',
};

export interface StatusBadgeProps {
  status: VideoStatusLabel;
  className?: string;
}

/** docs/product.md, Data: PROCESSING warning, READY success, FAILED error, UNSPECIFIED ghost. */
export function StatusBadge({ status, className = '' }: StatusBadgeProps) {
  return <span className={`badge badge-sm ${styleOf[status]} ${className}`.trim()}>{status}</span>;
}
