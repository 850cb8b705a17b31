/** Shown instead of a thumbnail when a video has none yet. */
export function VideoPlaceholderIcon({ className = 'h-10 w-10' }: { className?: string }) {
  return (
    <svg
      data-testid="video-placeholder"
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      aria-hidden="true"
    >
      <rect x="2.5" y="5" width="14" height="14" rx="2" />
      <path d="M16.5 10l5-3v10l-5-3z" strokeLinejoin="round" />
    </svg>
  );
}
