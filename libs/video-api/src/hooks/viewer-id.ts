/** Where this browser keeps its viewer id, so a signed-out viewer counts once per hour too. */
export const VIEWER_ID_KEY = 'streamViewerId';

/** This browser's random viewer id, made on first use; a fresh one each time when storage is unavailable. */
export function viewerId(given?: Pick<Storage, 'getItem' | 'setItem'>): string {
  try {
    // Inside the try: reading localStorage itself throws in a frame whose browser blocks third-party storage.
    const storage = given ?? globalThis.localStorage;
    const known = storage?.getItem(VIEWER_ID_KEY);
    if (known) return known;
    const made = crypto.randomUUID();
    storage?.setItem(VIEWER_ID_KEY, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
}
