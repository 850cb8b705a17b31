import { useSyncExternalStore } from 'react';

/** Tailwind's `sm` breakpoint (40rem): from it up the top bar has room for the search field. */
const WIDE = '(min-width: 40rem)';

const query = () => globalThis.matchMedia?.(WIDE);

const subscribe = (onChange: () => void) => {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};

/**
 * Whether the window is at least `sm` wide, following resizes. Without matchMedia (a test's DOM)
 * it answers true: the desktop layout.
 */
export const useWideScreen = () =>
  useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? true,
    () => true,
  );
