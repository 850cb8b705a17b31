import { useCallback, useEffect, useState } from 'react';
import { applyTheme, initialTheme, type Theme } from './theme';

export interface UseThemeOptions {
  /**
   * The theme the person's account keeps, once it is known; undefined: none chosen
   * (follow this browser). It wins when it arrives and is remembered, so the next load of this
   * browser starts with it before the first paint (index.html reads the remembered one).
   */
  account?: Theme;
  /** The person toggled the theme: save it to their account. */
  onToggled?: (theme: Theme) => void;
}

/** The current theme and a toggle; the first render follows the stored choice or the system. */
export function useTheme({ account, onToggled }: UseThemeOptions = {}): { theme: Theme; toggleTheme: () => void } {
  const [theme, setTheme] = useState<Theme>(() => initialTheme());
  // The account's theme replaces the shown one when it arrives or changes (adjusted while rendering).
  const [seen, setSeen] = useState<Theme | undefined>(undefined);
  if (account && account !== seen) {
    setSeen(account);
    setTheme(account);
  }
  useEffect(() => {
    globalThis.document?.documentElement.setAttribute('data-theme', theme);
  }, [theme]);
  useEffect(() => {
    if (account) applyTheme(account);
  }, [account]);
  const toggleTheme = useCallback(() => {
    const next = theme === 'dark' ? 'light' : 'dark';
    setTheme(next);
    applyTheme(next);
    onToggled?.(next);
  }, [theme, onToggled]);
  return { theme, toggleTheme };
}
