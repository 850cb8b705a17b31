/**
 * /record's settings as the person left them, kept in localStorage. Whatever is stored is read
 * defensively: an unknown or malformed value falls back to its default, field by field, so an old
 * or hand-edited entry never breaks the page.
 */
import { defaultQuality, type FrameRate, type Quality, type Resolution } from './quality.ts';
import {
  defaultBubble,
  type BubbleCorner,
  type BubbleSettings,
  type BubbleShape,
  type CaptureSource,
} from './settings.ts';

export interface RecorderPreferences {
  readonly source: CaptureSource;
  /** Absent: the browser's default device. */
  readonly microphoneId?: string;
  readonly cameraId?: string;
  /** False: record without a microphone. */
  readonly microphone: boolean;
  /** Count down before recording, from `countdownSeconds` (1 to 10). */
  readonly countdown: boolean;
  readonly countdownSeconds: number;
  readonly quality: Quality;
  readonly bubble: BubbleSettings;
  /** Is the settings panel open? */
  readonly panelOpen: boolean;
}

export const preferencesKey = 'stream.recorder.settings';

export const defaultPreferences: RecorderPreferences = {
  source: 'screen',
  microphone: true,
  countdown: true,
  countdownSeconds: 3,
  quality: defaultQuality,
  bubble: defaultBubble,
  panelOpen: false,
};

const sources: readonly CaptureSource[] = ['screen', 'camera', 'screen+camera', 'area'];
const resolutions: readonly Resolution[] = ['720p', '1080p', 'source'];
const frameRates: readonly FrameRate[] = [30, 60];
const shapes: readonly BubbleShape[] = ['circle', 'rounded'];
const corners: readonly BubbleCorner[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

function oneOf<T>(allowed: readonly T[], value: unknown, fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function deviceId(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= 256 ? value : undefined;
}

/** Reads stored preferences; anything missing or malformed is its default. */
export function parsePreferences(text: string | null): RecorderPreferences {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const quality = (raw.quality ?? {}) as Record<string, unknown>;
  const bubble = (raw.bubble ?? {}) as Record<string, unknown>;
  const size =
    typeof bubble.size === 'number' && bubble.size >= 0.1 && bubble.size <= 0.5 ? bubble.size : defaultBubble.size;
  const microphoneId = deviceId(raw.microphoneId);
  const cameraId = deviceId(raw.cameraId);
  return {
    source: oneOf(sources, raw.source, defaultPreferences.source),
    ...(microphoneId ? { microphoneId } : {}),
    ...(cameraId ? { cameraId } : {}),
    microphone: typeof raw.microphone === 'boolean' ? raw.microphone : defaultPreferences.microphone,
    countdown: typeof raw.countdown === 'boolean' ? raw.countdown : defaultPreferences.countdown,
    countdownSeconds:
      Number.isInteger(raw.countdownSeconds) &&
      (raw.countdownSeconds as number) >= 1 &&
      (raw.countdownSeconds as number) <= 10
        ? (raw.countdownSeconds as number)
        : defaultPreferences.countdownSeconds,
    quality: {
      resolution: oneOf(resolutions, quality.resolution, defaultQuality.resolution),
      frameRate: oneOf(frameRates, quality.frameRate, defaultQuality.frameRate),
    },
    bubble: {
      shape: oneOf(shapes, bubble.shape, defaultBubble.shape),
      corner: oneOf(corners, bubble.corner, defaultBubble.corner),
      size,
    },
    panelOpen: typeof raw.panelOpen === 'boolean' ? raw.panelOpen : defaultPreferences.panelOpen,
  };
}

export interface PreferenceStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** What a new recording starts with, as the person's account keeps it (/settings#defaults). */
export interface AccountRecordingDefaults {
  readonly camera: boolean;
  readonly microphone: boolean;
  /** 0: no countdown; at most 10. */
  readonly countdownSeconds: number;
}

/** The account's recording defaults as /record's settings: the camera comes as a bubble over the screen. */
export function preferencesFromAccount(defaults: AccountRecordingDefaults): Partial<RecorderPreferences> {
  const seconds = Math.min(10, Math.max(0, Math.round(defaults.countdownSeconds)));
  return {
    source: defaults.camera ? 'screen+camera' : 'screen',
    microphone: defaults.microphone,
    countdown: seconds > 0,
    ...(seconds > 0 ? { countdownSeconds: seconds } : {}),
  };
}

/**
 * The settings /record starts with: what this browser remembers, else `starting` (the account's
 * defaults) over the built-in ones. A choice made on /record in this browser wins over the
 * account's: it names this browser's devices and is the person's latest word here.
 */
export function loadPreferences(
  storage: PreferenceStorage | undefined,
  starting: Partial<RecorderPreferences> = {},
): RecorderPreferences {
  try {
    const stored = storage?.getItem(preferencesKey) ?? null;
    return stored === null ? { ...defaultPreferences, ...starting } : parsePreferences(stored);
  } catch {
    return { ...defaultPreferences, ...starting }; // storage blocked (privacy mode): defaults, every time
  }
}

export function savePreferences(storage: PreferenceStorage | undefined, preferences: RecorderPreferences): void {
  try {
    storage?.setItem(preferencesKey, JSON.stringify(preferences));
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
  }
}
