import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RecorderPreferences } from '../capture/preferences.ts';
import { estimatedMbPerMinute } from '../capture/quality.ts';
import { clampRect, type CropRect, type RecordingSettings } from '../capture/settings.ts';
import { announcement } from '../capture/shortcuts.ts';
import { describeCaptureError, messages } from '../messages.ts';
import { browserMedia, type BrowserMedia } from '../browser-media.ts';
import { useDevices, type Devices } from './use-devices.ts';
import { useDrawing, type Drawing } from './use-drawing.ts';
import { useMicrophoneLevel } from './use-microphone-level.ts';
import { usePreferences } from './use-preferences.ts';
import type { UseRecorder } from './use-recorder.ts';
import { useShortcuts } from './use-shortcuts.ts';

/** Area: the screen shared for its preview, its size, and the rectangle chosen in it. */
export interface AreaChoice {
  readonly stream: MediaStream;
  readonly width: number;
  readonly height: number;
  readonly rect: CropRect;
}

export interface RecorderSetup {
  /** The remembered settings; where the screen cannot be captured, with the source Camera only. */
  readonly preferences: RecorderPreferences;
  /** The browser can capture the screen; false (most phones): only the camera can be recorded. */
  readonly screenCapture: boolean;
  /** Said before Start when the source had to be Camera only; null otherwise. */
  readonly sourceNotice: string | null;
  update(change: Partial<RecorderPreferences>): void;
  readonly devices: Devices;
  /** The microphone's loudness, 0 to 1: the recorded one while recording, else the chosen one while the panel is open. */
  readonly level: number;
  readonly estimatedMbPerMinute: number;
  /** Start Recording: with the chosen settings, or (source Area) the screen picker, then the area choice. */
  start(): void;
  /** Area being chosen; null otherwise. */
  readonly area: AreaChoice | null;
  setAreaRect(rect: CropRect): void;
  /** Record this area. */
  recordArea(): void;
  cancelArea(): void;
  /** Why the area could not be chosen (e.g. the share was refused); null otherwise. */
  readonly areaNotice: string | null;
  /** Last thing to announce to screen readers. */
  readonly announcement: string;
  /** Set a minute (or less) before the maximum length stops the recording. */
  readonly limitWarning: string | null;
  /** Drawing over the screen while recording: its board, toolbar and layer; shortcuts while recording. */
  readonly drawing: Drawing;
}

/**
 * Everything /record needs around the recorder: remembered settings, device lists, the level
 * meter, the area choice, the keyboard shortcuts, what to announce, the maximum length's warning.
 */
export function useRecorderSetup(
  recorder: UseRecorder,
  options: {
    readonly browser?: BrowserMedia;
    readonly maxDurationMs?: number;
    readonly disabled?: boolean;
    /** What a browser with no remembered settings starts with (the account's defaults). */
    readonly starting?: Partial<RecorderPreferences>;
  } = {},
): RecorderSetup {
  const { browser, maxDurationMs, disabled = false, starting } = options;
  const [remembered, update] = usePreferences(starting);
  // Known before Start: a phone is not offered a screen it cannot share.
  const [screenCapture] = useState(() => (browser ?? browserMedia()).canCaptureScreen?.() ?? true);
  const preferences: RecorderPreferences = useMemo(
    () => (screenCapture || remembered.source === 'camera' ? remembered : { ...remembered, source: 'camera' }),
    [screenCapture, remembered],
  );
  const devices = useDevices(browser);
  const { state } = recorder;
  const live = state.status === 'recording' || state.status === 'paused';
  const idle = state.status === 'idle' || state.status === 'stopped' || state.status === 'error';
  const preview = useMicrophoneLevel({
    active: preferences.panelOpen && idle,
    ...(preferences.microphoneId ? { deviceId: preferences.microphoneId } : {}),
    ...(browser ? { browser } : {}),
    onOpened: devices.refresh,
  });
  const drawing = useDrawing(live && preferences.source !== 'camera');
  const [recordingLevel, setRecordingLevel] = useState(0);
  useEffect(() => {
    if (!live) return;
    devices.refresh(); // permissions given: the labels are readable now
    const timer = setInterval(() => setRecordingLevel(recorder.microphoneLevel()), 100);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, recorder.microphoneLevel]);

  const [area, setArea] = useState<AreaChoice | null>(null);
  const [areaNotice, setAreaNotice] = useState<string | null>(null);
  const areaRef = useRef(area);
  useEffect(() => {
    areaRef.current = area;
  }, [area]);
  useEffect(() => () => stopStream(areaRef.current?.stream), []);

  const board = drawing.board;
  const settings = useCallback(
    (extra: RecordingSettings = {}): RecordingSettings => ({
      source: preferences.source,
      // Every screen recording may be drawn on: the compositor passes the screen through until a stroke.
      ...(preferences.source !== 'camera' ? { drawing: board } : {}),
      ...(preferences.microphone ? {} : { microphone: false }),
      ...(preferences.microphoneId ? { microphoneId: preferences.microphoneId } : {}),
      ...(preferences.cameraId ? { cameraId: preferences.cameraId } : {}),
      countdownSeconds: preferences.countdown ? preferences.countdownSeconds : 0,
      quality: preferences.quality,
      bubble: preferences.bubble,
      ...(maxDurationMs ? { maxDurationMs } : {}),
      ...extra,
    }),
    [preferences, maxDurationMs, board],
  );

  const chooseArea = useCallback(async () => {
    setAreaNotice(null);
    const media = browser ?? browserMedia();
    try {
      const stream = await media.getDisplayMedia({ video: true, audio: true });
      const [track] = stream.getVideoTracks();
      const size = track?.getSettings?.() ?? {};
      const width = size.width ?? 1280;
      const height = size.height ?? 720;
      track?.addEventListener('ended', () => setArea((current) => (current?.stream === stream ? null : current)));
      setArea({ stream, width, height, rect: defaultArea(width, height) });
    } catch (error) {
      setAreaNotice(describeCaptureError(error).message);
    }
  }, [browser]);

  const start = useCallback(() => {
    if (preferences.source === 'area') return void chooseArea();
    board.clear(); // each recording starts with nothing drawn
    void recorder.start(settings());
  }, [preferences.source, chooseArea, recorder, settings, board]);

  const recordArea = useCallback(() => {
    const chosen = areaRef.current;
    if (!chosen) return;
    setArea(null);
    board.clear();
    void recorder.start(settings({ source: 'area', display: chosen.stream, area: chosen.rect }));
  }, [recorder, settings, board]);

  const cancelArea = useCallback(() => {
    stopStream(areaRef.current?.stream);
    setArea(null);
  }, []);

  const setAreaRect = useCallback((rect: CropRect) => {
    setArea((current) => (current ? { ...current, rect: clampRect(rect, current.width, current.height) } : current));
  }, []);

  useShortcuts(!disabled, (action) => {
    if (action === 'skip') return recorder.skipCountdown();
    if (action === 'pause') {
      if (state.status === 'recording') recorder.pause();
      else if (state.status === 'paused') recorder.resume();
      return;
    }
    if (live || state.status === 'countdown') void recorder.stop();
    else if (area) recordArea();
    else if (idle) start();
  });

  const [said, setSaid] = useState('');
  const previous = useRef(state.status);
  const remaining = state.status === 'countdown' ? state.remaining : undefined;
  useEffect(() => {
    const sentence = announcement(previous.current, state.status, remaining);
    previous.current = state.status;
    if (sentence) setSaid(sentence);
  }, [state.status, remaining]);

  const left = maxDurationMs && live ? maxDurationMs - recorder.elapsedMs : null;
  const limitWarning =
    left !== null && left <= 60_000 && left > 0 ? messages.maxLengthSoon(`${Math.ceil(left / 1000)} s`) : null;

  return {
    preferences,
    screenCapture,
    sourceNotice: screenCapture ? null : messages.cameraOnly,
    update,
    devices,
    level: live ? recordingLevel : preview.level,
    estimatedMbPerMinute: estimatedMbPerMinute(preferences.quality),
    start,
    area,
    setAreaRect,
    recordArea,
    cancelArea,
    areaNotice,
    announcement: said,
    limitWarning,
    drawing,
  };
}

/** The area offered first: 16:9, as large as fits, centred. */
export function defaultArea(width: number, height: number): CropRect {
  const w = Math.min(width, Math.floor((height * 16) / 9));
  const h = Math.floor((w * 9) / 16);
  return clampRect({ x: (width - w) / 2, y: (height - h) / 2, width: w, height: h }, width, height);
}

function stopStream(stream: MediaStream | undefined) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
