/**
 * The browser's localStorage, or undefined where reading it throws: a frame on another site whose
 * browser blocks third-party storage (Chromium's incognito, Safari) throws SecurityError on the
 * very property, which as a default parameter stopped the whole app before its first paint.
 */
export function localStorageIfAllowed(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * One key of web storage that never throws: a browser without web storage (private modes can
 * throw on access) reads nothing, and what is written lives in memory only, or not at all.
 */
export function storageSlot(storage: Storage | undefined, key: string) {
  return {
    get: (): string | null => {
      try {
        return storage?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set: (value: string) => {
      try {
        storage?.setItem(key, value);
      } catch {
        /* no web storage */
      }
    },
    remove: () => {
      try {
        storage?.removeItem(key);
      } catch {
        /* nothing stored */
      }
    },
  };
}
