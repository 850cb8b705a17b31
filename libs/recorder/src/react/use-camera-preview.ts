import { useEffect, useState } from 'react';
import { browserMedia, type BrowserMedia } from '../browser-media.ts';

/**
 * The camera, live, while `active` (choosing where its bubble goes, before recording); released
 * when inactive or unmounted, so the recording opens it afresh. Null until it opens, or if it cannot.
 */
export function useCameraPreview(options: {
  readonly active: boolean;
  readonly deviceId?: string;
  readonly browser?: BrowserMedia;
}): MediaStream | null {
  const { active, deviceId, browser } = options;
  const [stream, setStream] = useState<MediaStream | null>(null);
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let opened: MediaStream | null = null;
    void (browser ?? browserMedia())
      .getUserMedia({ video: deviceId ? { deviceId: { exact: deviceId } } : true })
      .then((camera) => {
        if (stopped) return camera.getTracks().forEach((track) => track.stop());
        opened = camera;
        setStream(camera);
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      opened?.getTracks().forEach((track) => track.stop());
      setStream(null);
    };
  }, [active, deviceId, browser]);
  return stream;
}
