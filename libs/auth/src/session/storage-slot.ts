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
