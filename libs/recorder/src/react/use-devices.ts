import { useCallback, useEffect, useState } from 'react';
import { browserMedia, type BrowserMedia } from '../browser-media.ts';

export interface DeviceOption {
  readonly id: string;
  /** The browser's label; "Microphone 2" until the person has allowed the device (browsers hide labels before). */
  readonly label: string;
}

export interface Devices {
  readonly microphones: readonly DeviceOption[];
  readonly cameras: readonly DeviceOption[];
  /** Ask again (e.g. once a permission was given and the labels became readable). */
  refresh(): void;
}

/** The microphones and cameras the browser offers, kept current as devices come and go. */
export function useDevices(browser?: BrowserMedia): Devices {
  const [media] = useState(() => browser ?? browserMedia());
  const [lists, setLists] = useState<{ microphones: DeviceOption[]; cameras: DeviceOption[] }>({
    microphones: [],
    cameras: [],
  });
  const refresh = useCallback(() => {
    void media
      .enumerateDevices()
      .then((devices) => setLists(toLists(devices)))
      .catch(() => undefined);
  }, [media]);
  useEffect(() => {
    refresh();
    return media.onDeviceChange(refresh);
  }, [media, refresh]);
  return { ...lists, refresh };
}

export function toLists(devices: readonly Pick<MediaDeviceInfo, 'kind' | 'deviceId' | 'label'>[]) {
  const pick = (kind: MediaDeviceKind, noun: string) =>
    devices
      // "default" and "communications" are Chromium's aliases of a real device listed too.
      .filter(
        (device) => device.kind === kind && device.deviceId && !['default', 'communications'].includes(device.deviceId),
      )
      .map((device, index) => ({ id: device.deviceId, label: device.label || `${noun} ${index + 1}` }));
  return { microphones: pick('audioinput', 'Microphone'), cameras: pick('videoinput', 'Camera') };
}
