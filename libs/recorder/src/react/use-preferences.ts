import { useCallback, useState } from 'react';
import { loadPreferences, savePreferences, type RecorderPreferences } from '../capture/preferences.ts';

function storage() {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * /record's settings, remembered in localStorage: `update` merges a change and saves it. A browser
 * with none remembered starts with `starting` (the account's defaults), read once.
 */
export function usePreferences(
  starting?: Partial<RecorderPreferences>,
): [RecorderPreferences, (change: Partial<RecorderPreferences>) => void] {
  const [preferences, setPreferences] = useState(() => loadPreferences(storage(), starting));
  const update = useCallback((change: Partial<RecorderPreferences>) => {
    setPreferences((current) => {
      const next = { ...current, ...change };
      savePreferences(storage(), next);
      return next;
    });
  }, []);
  return [preferences, update];
}
