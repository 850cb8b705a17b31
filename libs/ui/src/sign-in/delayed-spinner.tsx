import { useEffect, useState } from 'react';

/** Shows a spinner only when work lasts longer than `delayMs` (500 ms, SPEC §9), so quick answers do not flicker. */
export function DelayedSpinner({
  active,
  delayMs = 500,
  label = 'Loading',
}: {
  active: boolean;
  delayMs?: number;
  label?: string;
}) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => {
      clearTimeout(timer);
      setVisible(false);
    };
  }, [active, delayMs]);
  if (!active || !visible) return null;
  return <span className="loading loading-spinner loading-md" role="status" aria-label={label} />;
}
