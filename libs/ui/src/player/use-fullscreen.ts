import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * Whether the element in `containerRef` is the document's fullscreen element, kept true to the
 * browser's own changes (Esc, the browser's menu), and the toggle that asks for it or leaves it.
 */
export function useFullscreen(containerRef: RefObject<HTMLElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () =>
      setFullscreen(document.fullscreenElement === containerRef.current && containerRef.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [containerRef]);

  const toggleFullscreen = useCallback(() => {
    const container = containerRef.current;
    if (!container) return;
    // A refusal (no user gesture, a frame without allow="fullscreen") leaves things as they are.
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    else void container.requestFullscreen?.().catch(() => undefined);
  }, [containerRef]);

  return { fullscreen, toggleFullscreen };
}
