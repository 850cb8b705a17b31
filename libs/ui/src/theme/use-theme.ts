import { useCallback, useEffect, useState } from 'react';
import { applyTheme, initialTheme, type Theme } from './theme';

/** The current theme and a toggle; the first render follows the stored choice or the system. */
export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const [theme, setTheme] = useState<Theme>(() => initialTheme());
  useEffect(() => {
    globalThis.document?.documentElement.setAttribute('data-theme', theme);
  }, [theme]);
  const toggleTheme = useCallback(() => {
    setTheme((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      applyTheme(next);
      return next;
    });
  }, []);
  return { theme, toggleTheme };
}
