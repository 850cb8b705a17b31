export interface ProcessingProgressProps {
  /** How far processing got, in percent; nothing is shown while it is 0 (not known yet) or absent. */
  percent?: number;
  /** A thin bar alone, named by its label (a card's thumbnail), instead of the bar and its words. */
  barOnly?: boolean;
  className?: string;
}

/** "Processing 40%…" with a labelled bar, for a video still PROCESSING. */
export function ProcessingProgress({ percent, barOnly = false, className = '' }: ProcessingProgressProps) {
  if (!percent || percent <= 0) return null;
  const shown = Math.min(99, Math.round(percent));
  const bar = (
    <progress
      className={`progress progress-warning ${barOnly ? className : 'w-32'}`.trim()}
      value={shown}
      max={100}
      aria-valuenow={shown}
      aria-label={`Processing ${shown}%`}
    />
  );
  if (barOnly) return bar;
  return (
    <span className={`flex items-center gap-2 ${className}`.trim()}>
      {bar}
      <span>Processing {shown}%…</span>
    </span>
  );
}
