/**
 * The browser's localStorage, or undefined where reading it throws (a frame on another site whose
 * browser blocks third-party storage throws SecurityError on the property itself).
 */
export function localStorageIfAllowed(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
