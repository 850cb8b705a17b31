import { type RefObject, useEffect, useRef, useState } from 'react';

/** A video's HLS presentation: its master playlist and each rung's own, highest first. */
export interface HlsPresentation {
  url: string;
  rungs: readonly { height: number; playlistUrl: string }[];
}

/** How this browser plays HLS: itself (Safari), through hls.js on Media Source Extensions, or not at all. */
export type HlsMode = 'native' | 'hls.js' | 'none';

export const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** The browser's own HLS wins; else hls.js where Media Source Extensions exist; else the plain sources. */
export function hlsModeOf(canPlayType: (type: string) => string, hasMediaSource: boolean): HlsMode {
  if (canPlayType(HLS_TYPE) !== '') return 'native';
  return hasMediaSource ? 'hls.js' : 'none';
}

/** -1: Auto (the player picks the rung by the link's speed); else the index of a rung in `rungs`. */
export type Quality = number;

/** The quality menu's choices: Auto first, then the rungs highest first. */
export function qualityChoices(hls: HlsPresentation): { value: Quality; label: string }[] {
  return [
    { value: -1, label: 'Auto' },
    ...hls.rungs.map((rung, index) => ({ value: index, label: `${rung.height}p` })),
  ];
}

interface HlsInstance {
  levels: { height: number }[];
  currentLevel: number;
  nextLevel: number;
  loadSource(url: string): void;
  attachMedia(media: HTMLMediaElement): void;
  on(event: string, listener: (event: string, data: { fatal?: boolean }) => void): void;
  destroy(): void;
}

/**
 * Plays `hls` in the <video> of `videoRef` where the browser can: natively by `src` (the caller
 * sets `srcOf(quality)`), else with hls.js, imported only now so pages without HLS (and the first
 * page's budget) never load it. `failed` turns true when hls.js gives up: the caller falls back to
 * its WebM/MP4 sources. `setQuality` switches rung (hls.js at once, native by the rung's playlist).
 */
export function useHlsPlayback(videoRef: RefObject<HTMLVideoElement | null>, hls: HlsPresentation | undefined) {
  const [mode] = useState<HlsMode>(() =>
    hls && typeof document !== 'undefined'
      ? hlsModeOf((type) => document.createElement('video').canPlayType(type), typeof MediaSource !== 'undefined')
      : 'none',
  );
  const [failed, setFailed] = useState(false);
  const [quality, setQualityState] = useState<Quality>(-1);
  const instance = useRef<HlsInstance | null>(null);
  const active = mode !== 'none' && !failed && hls !== undefined;
  const url = hls?.url;

  useEffect(() => {
    const video = videoRef.current;
    if (mode !== 'hls.js' || failed || !url || !video) return;
    let cancelled = false;
    void import('hls.js')
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          setFailed(true);
          return;
        }
        // No worker: fMP4 segments need no transmuxing, and the CSP allows no blob: workers.
        const player = new Hls({ enableWorker: false }) as unknown as HlsInstance;
        instance.current = player;
        player.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setFailed(true);
        });
        player.loadSource(url);
        player.attachMedia(video);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      instance.current?.destroy();
      instance.current = null;
    };
  }, [mode, failed, url, videoRef]);

  const setQuality = (next: Quality) => {
    setQualityState(next);
    const player = instance.current;
    if (!player || !hls) return;
    // hls.js orders its levels by bitrate: find the rung by its height.
    const height = hls.rungs[next]?.height;
    player.currentLevel = next < 0 ? -1 : player.levels.findIndex((level) => level.height === height);
  };

  /** The `src` the <video> takes: the playlist when native, none when hls.js feeds it, else `fallback`. */
  const srcOf = (fallback: string): string | undefined => {
    if (!active) return fallback;
    if (mode === 'hls.js') return undefined;
    return quality < 0 ? hls.url : (hls.rungs[quality]?.playlistUrl ?? hls.url);
  };

  return { active, mode, quality, setQuality, srcOf };
}
