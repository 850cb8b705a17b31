import { localStorageIfAllowed, type Theme } from '../primitives';

export type { Theme };

/** localStorage key remembering the person's choice. */
export const THEME_KEY = 'theme';

/** The remembered choice, else the system's preference (light when unknown). */
export function initialTheme(
  storage: Pick<Storage, 'getItem'> | undefined = localStorageIfAllowed(),
  prefersDark: () => boolean = () => globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
): Theme {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(THEME_KEY) ?? null;
  } catch {
    /* no web storage: follow the system */
  }
  if (stored === 'light' || stored === 'dark') return stored;
  return prefersDark() ? 'dark' : 'light';
}

/** Sets daisyUI's `data-theme` on <html> and remembers the choice. */
export function applyTheme(
  theme: Theme,
  storage: Pick<Storage, 'setItem'> | undefined = localStorageIfAllowed(),
  root = globalThis.document?.documentElement,
) {
  root?.setAttribute('data-theme', theme);
  try {
    storage?.setItem(THEME_KEY, theme);
  } catch {
    /* remembered for this page only */
  }
}
