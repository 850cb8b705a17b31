import { localStorageIfAllowed } from '../primitives';
import { clampPlaybackRate } from './playback-rate';

const KEY = 'stream.playbackRate';

/** The speed this viewer chose last, in any video; undefined when they never chose one. */
export function rememberedRate(
  storage: Pick<Storage, 'getItem'> | undefined = localStorageIfAllowed(),
): number | undefined {
  try {
    const value = storage?.getItem(KEY);
    return value ? clampPlaybackRate(Number(value)) : undefined;
  } catch {
    return undefined; // storage refused (private mode, a sandboxed frame)
  }
}

export function rememberRate(rate: number, storage: Pick<Storage, 'setItem'> | undefined = localStorageIfAllowed()) {
  try {
    storage?.setItem(KEY, String(clampPlaybackRate(rate)));
  } catch {
    // nothing to remember it in
  }
}

/** Where playback starts: the viewer's last choice, else the owner's default for the video, else 1×. */
export function startingRate(defaultRate: number | undefined, remembered: number | undefined): number {
  if (remembered !== undefined) return remembered;
  return defaultRate && defaultRate > 0 ? clampPlaybackRate(defaultRate) : 1;
}
