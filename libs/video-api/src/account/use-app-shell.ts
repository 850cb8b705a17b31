import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { STREAM_BRAND, type AppShellView } from './app-shell-view';

const loadData = () => import('./app-shell-data');

/**
 * The account, admin status and branding the frame of every signed-in page shows, and
 * `saveTheme` for the top bar's toggle: the choice is the account's, so every browser of the
 * person starts with it. The calls go by plain fetch (Connect's JSON), loaded after the first
 * paint (the first page's budget, docs/product.md): until they answer, the frame shows "Stream", the initial and no Admin.
 */
export function useAppShell(
  queryClient: QueryClient,
  getToken: () => Promise<string | null | undefined>,
): AppShellView & { saveTheme: (theme: 'light' | 'dark') => void } {
  const [view, setView] = useState<AppShellView>({ showAdmin: false, brand: STREAM_BRAND });
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    void loadData().then(({ watchAppShell }) => {
      if (live) stop = watchAppShell(queryClient, getToken, setView);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [queryClient, getToken]);
  const saveTheme = useCallback(
    (theme: 'light' | 'dark') =>
      void loadData()
        .then(({ saveAccountTheme }) => saveAccountTheme(queryClient, getToken, theme))
        .catch(() => undefined), // the theme still changed here; the account keeps the old one
    [queryClient, getToken],
  );
  return { ...view, saveTheme };
}
