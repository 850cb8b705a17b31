// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { preferencesFromAccount, preferencesKey } from '../capture/preferences.ts';
import { createFakeBrowser } from '../testing/fake-browser.ts';
import { useRecorder } from './use-recorder.ts';
import { useRecorderSetup } from './use-recorder-setup.ts';

afterEach(() => {
  cleanup(); // unmounts: releases the recorder and its timers before the next test
  window.localStorage.clear();
});

function setupWith(fake: ReturnType<typeof createFakeBrowser>, maxDurationMs?: number) {
  return renderHook(() => {
    const recorder = useRecorder({ browser: fake.browser });
    const setup = useRecorderSetup(recorder, { browser: fake.browser, ...(maxDurationMs ? { maxDurationMs } : {}) });
    return { recorder, setup };
  });
}

describe('useRecorderSetup', () => {
  it('where the screen cannot be captured (a phone), the source is Camera only before Start, and says why', async () => {
    window.localStorage.setItem(preferencesKey, JSON.stringify({ source: 'screen', countdown: false }));
    const fake = createFakeBrowser({ noScreenCapture: true });
    const { result } = setupWith(fake);
    expect(result.current.setup.screenCapture).toBe(false);
    expect(result.current.setup.preferences.source).toBe('camera');
    expect(result.current.setup.sourceNotice).toMatch(/^This browser cannot record the screen \(most phones cannot\)/);
    act(() => result.current.setup.start());
    await waitFor(() => expect(result.current.recorder.state.status).toBe('recording'));
    expect(fake.calls.getDisplayMedia).toEqual([]);
  });

  it('where the screen can be captured, the remembered source stays and nothing is said', () => {
    window.localStorage.setItem(preferencesKey, JSON.stringify({ source: 'area' }));
    const { result } = setupWith(createFakeBrowser());
    expect(result.current.setup.screenCapture).toBe(true);
    expect(result.current.setup.preferences.source).toBe('area');
    expect(result.current.setup.sourceNotice).toBeNull();
  });

  it("starts a browser with nothing remembered from the account's defaults: camera bubble, no microphone, 1 s countdown", async () => {
    const fake = createFakeBrowser();
    const starting = preferencesFromAccount({ camera: true, microphone: false, countdownSeconds: 1 });
    const { result } = renderHook(() => {
      const recorder = useRecorder({ browser: fake.browser });
      return { recorder, setup: useRecorderSetup(recorder, { browser: fake.browser, starting }) };
    });
    expect(result.current.setup.preferences).toMatchObject({
      source: 'screen+camera',
      microphone: false,
      countdown: true,
      countdownSeconds: 1,
    });
    act(() => result.current.setup.start());
    await waitFor(() => expect(result.current.recorder.state.status).toBe('countdown'));
    expect(result.current.recorder.state).toMatchObject({ remaining: 1 });
    await waitFor(() => expect(result.current.recorder.state.status).toBe('recording'), { timeout: 3_000 });
    // The camera for the bubble, and no microphone.
    expect(fake.calls.getUserMedia.every((c) => !(c as { audio?: unknown }).audio)).toBe(true);
  });

  it("keeps this browser's remembered settings over the account's", () => {
    window.localStorage.setItem(preferencesKey, JSON.stringify({ source: 'area', countdown: false }));
    const starting = preferencesFromAccount({ camera: true, microphone: false, countdownSeconds: 5 });
    const { browser } = createFakeBrowser();
    const { result } = renderHook(() => useRecorderSetup(useRecorder({ browser }), { browser, starting }));
    expect(result.current.preferences).toMatchObject({ source: 'area', countdown: false, microphone: true });
  });

  it('warns in the last minute of the maximum length, then stops by itself', async () => {
    window.localStorage.setItem(preferencesKey, JSON.stringify({ countdown: false }));
    const fake = createFakeBrowser();
    const { result } = setupWith(fake, 1_500);
    expect(result.current.setup.limitWarning).toBeNull();
    act(() => result.current.setup.start());
    await waitFor(() => expect(result.current.recorder.state.status).toBe('recording'));
    await waitFor(() => expect(result.current.setup.limitWarning).toMatch(/^The recording stops by itself in \d s/));
    await waitFor(
      () => expect(result.current.recorder.state).toMatchObject({ status: 'stopped', reason: 'max-length' }),
      {
        timeout: 3_000,
      },
    );
    expect(result.current.setup.limitWarning).toBeNull();
  });

  it('lists the devices, follows changes, and remembers a choice', async () => {
    const fake = createFakeBrowser();
    const { result } = setupWith(fake);
    await waitFor(() => expect(result.current.setup.devices.microphones).toHaveLength(2));
    expect(result.current.setup.devices.cameras).toEqual([{ id: 'cam-1', label: 'Fake camera' }]);
    act(() => result.current.setup.update({ microphoneId: 'mic-2', countdown: false }));
    expect(JSON.parse(window.localStorage.getItem(preferencesKey)!)).toMatchObject({
      microphoneId: 'mic-2',
      countdown: false,
    });
    act(() => result.current.setup.start());
    await waitFor(() => expect(result.current.recorder.state.status).toBe('recording'));
    expect(fake.calls.getUserMedia.at(-1)).toEqual({ audio: { deviceId: { exact: 'mic-2' } } });
  });

  it('Area: Start shares the screen for its preview first; Cancel stops it and records nothing', async () => {
    window.localStorage.setItem(preferencesKey, JSON.stringify({ source: 'area' }));
    const fake = createFakeBrowser();
    const { result } = setupWith(fake);
    act(() => result.current.setup.start());
    await waitFor(() => expect(result.current.setup.area).not.toBeNull());
    expect(result.current.setup.area).toMatchObject({ width: 1280, height: 720, rect: { width: 1280, height: 720 } });
    expect(result.current.recorder.state.status).toBe('idle');
    act(() => result.current.setup.cancelArea());
    expect(result.current.setup.area).toBeNull();
    expect(fake.tracks.displayVideo.stopped).toBe(true);
    expect(fake.recorders).toHaveLength(0);
  });
});
