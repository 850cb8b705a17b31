import { useEffect, useState } from 'react';
import { createLevelMeter, type MeterContext } from '../capture/level-meter.ts';
import { browserMedia, type BrowserMedia } from '../browser-media.ts';

const pollMs = 100;

/**
 * The loudness of a microphone, 0 to 1, refreshed ten times a second while `active` (the settings
 * panel is open and nothing records). Opens the microphone itself, and closes it when inactive.
 * `onOpened` runs once the microphone is open: its permission is given, device labels are readable.
 */
export function useMicrophoneLevel(options: {
  readonly active: boolean;
  readonly deviceId?: string;
  readonly browser?: BrowserMedia;
  readonly onOpened?: () => void;
}): { level: number; unavailable: boolean } {
  const { active, deviceId, browser, onOpened } = options;
  const [level, setLevel] = useState(0);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    if (!active) return;
    const media = browser ?? browserMedia();
    let stopped = false;
    let cleanup = () => undefined as void;
    void media
      .getUserMedia({ audio: deviceId ? { deviceId: { exact: deviceId } } : true })
      .then((stream) => {
        const stopTracks = () => stream.getTracks().forEach((track) => track.stop());
        if (stopped) return stopTracks();
        setUnavailable(false);
        onOpened?.();
        const meter = createLevelMeter(
          stream,
          () => media.createAudioContext() as unknown as MeterContext<MediaStream>,
        );
        const timer = setInterval(() => setLevel(meter.level()), pollMs);
        cleanup = () => {
          clearInterval(timer);
          meter.close();
          stopTracks();
        };
      })
      .catch(() => {
        if (!stopped) setUnavailable(true);
      });
    return () => {
      stopped = true;
      cleanup();
      setLevel(0);
    };
    // onOpened is a notification: a new function each render must not reopen the microphone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, deviceId, browser]);
  return { level, unavailable };
}
