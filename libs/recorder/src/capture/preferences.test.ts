import { describe, expect, it } from 'vitest';
import {
  defaultPreferences,
  loadPreferences,
  parsePreferences,
  preferencesFromAccount,
  preferencesKey,
  savePreferences,
} from './preferences.ts';

describe('recorder preferences', () => {
  it('round-trip through storage', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    const chosen = {
      ...defaultPreferences,
      source: 'area',
      microphoneId: 'mic-2',
      countdown: false,
      quality: { resolution: '720p', frameRate: 60 },
      bubble: { shape: 'rounded', corner: 'top-left', size: 0.4 },
      panelOpen: true,
    } as const;
    savePreferences(storage, chosen);
    expect(store.has(preferencesKey)).toBe(true);
    expect(loadPreferences(storage)).toEqual(chosen);
  });

  it('fall back to defaults, field by field, for anything missing or malformed', () => {
    expect(parsePreferences(null)).toEqual(defaultPreferences);
    expect(parsePreferences('not json')).toEqual(defaultPreferences);
    expect(parsePreferences('[1,2]')).toEqual(defaultPreferences);
    expect(
      parsePreferences(
        JSON.stringify({
          source: 'webcam',
          microphoneId: 42,
          countdown: 'yes',
          quality: { resolution: '4k', frameRate: 24 },
          bubble: { shape: 'square', corner: 'middle', size: 3 },
          cameraId: 'cam-1',
        }),
      ),
    ).toEqual({ ...defaultPreferences, cameraId: 'cam-1' });
  });

  it('storage that throws gives defaults and keeps the page working', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(loadPreferences(blocked)).toEqual(defaultPreferences);
    expect(() => savePreferences(blocked, defaultPreferences)).not.toThrow();
  });

  it("start from the account's defaults where this browser remembers none, and the browser's own choice wins", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    const account = preferencesFromAccount({ camera: true, microphone: false, countdownSeconds: 5 });
    expect(account).toEqual({ source: 'screen+camera', microphone: false, countdown: true, countdownSeconds: 5 });
    expect(loadPreferences(storage, account)).toEqual({ ...defaultPreferences, ...account });
    expect(preferencesFromAccount({ camera: false, microphone: true, countdownSeconds: 0 })).toEqual({
      source: 'screen',
      microphone: true,
      countdown: false,
    });

    savePreferences(storage, { ...defaultPreferences, source: 'camera', countdown: false });
    expect(loadPreferences(storage, account)).toMatchObject({ source: 'camera', microphone: true, countdown: false });
  });

  it('read a countdown length of 1 to 10 seconds and a microphone switch, anything else as the default', () => {
    expect(parsePreferences('{"countdownSeconds":10,"microphone":false}')).toMatchObject({
      countdownSeconds: 10,
      microphone: false,
    });
    for (const bad of [
      '{"countdownSeconds":0}',
      '{"countdownSeconds":11}',
      '{"countdownSeconds":2.5,"microphone":"no"}',
    ])
      expect(parsePreferences(bad)).toMatchObject({ countdownSeconds: 3, microphone: true });
  });
});
