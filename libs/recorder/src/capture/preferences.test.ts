import { describe, expect, it } from 'vitest';
import {
  defaultPreferences,
  loadPreferences,
  parsePreferences,
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
});
