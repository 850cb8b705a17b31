// Small inline icons so the ui lib needs no icon package.
const base = { viewBox: '0 0 24 24', 'aria-hidden': true, className: 'h-5 w-5', fill: 'currentColor' } as const;

export const PlayIcon = () => (
  <svg {...base}>
    <path d="M8 5.5v13l11-6.5z" />
  </svg>
);
export const PauseIcon = () => (
  <svg {...base}>
    <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
  </svg>
);
export const VolumeIcon = ({ muted }: { muted: boolean }) => (
  <svg {...base}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    {muted ? (
      <path d="M15.5 9.5l5 5m0-5l-5 5" stroke="currentColor" strokeWidth="1.8" fill="none" />
    ) : (
      <path d="M15 8.5a5 5 0 010 7m2.5-9.5a8.5 8.5 0 010 12" stroke="currentColor" strokeWidth="1.6" fill="none" />
    )}
  </svg>
);
export const FullscreenIcon = ({ active }: { active: boolean }) => (
  <svg {...base} fill="none" stroke="currentColor" strokeWidth="1.8">
    {active ? <path d="M9 4v5H4m11-5v5h5M9 20v-5H4m11 5v-5h5" /> : <path d="M4 9V4h5m6 0h5v5M4 15v5h5m11-5v5h-5" />}
  </svg>
);
