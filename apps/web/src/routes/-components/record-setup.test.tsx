import type { RecorderOptions } from '@stream/recorder';
import { createFakeBrowser } from '@stream/recorder/testing';
import type { UploadClient, UploadResult } from '@stream/video-api';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const settingsKey = 'stream.recorder.settings';

/** An upload client that never answers: these tests are about what happens before the upload. */
const idleUploads: UploadClient = {
  isUploading: false,
  upload: () => new Promise<UploadResult>(() => undefined),
};

async function renderRecord(recorder: RecorderOptions, settings?: object) {
  if (settings) window.localStorage.setItem(settingsKey, JSON.stringify(settings));
  renderApp('/record', { uploads: idleUploads, recorder });
  await screen.findByRole('heading', { level: 1, name: 'Record' });
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const stored = () => JSON.parse(window.localStorage.getItem(settingsKey) ?? '{}') as Record<string, unknown>;

describe('/record settings and controls', () => {
  it('counts down from 3 by default, and Escape starts at once', async () => {
    const fake = createFakeBrowser();
    await renderRecord({ browser: fake.browser });
    await userEvent.click(button('Start Recording'));
    expect((await screen.findByTestId('countdown')).textContent).toBe('3');
    expect(fake.recorders[0]!.state).toBe('inactive');
    fireEvent.keyDown(window, { key: 'Escape' });
    await screen.findByTestId('elapsed-time');
    expect(screen.queryByTestId('countdown')).toBeNull();
    expect(fake.recorders[0]!.state).toBe('recording');
    expect(screen.getByTestId('recorder-announcer').textContent).toBe('Recording started');
  });

  it('Pause and Resume: the time says Paused, Stop works while paused', async () => {
    const fake = createFakeBrowser();
    await renderRecord({ browser: fake.browser }, { countdown: false });
    await userEvent.click(button('Start Recording'));
    await screen.findByTestId('elapsed-time');
    await userEvent.click(button('Pause'));
    expect(fake.recorders[0]!.state).toBe('paused');
    expect(screen.getByText('Paused')).toBeTruthy();
    expect(screen.getByTestId('recorder-announcer').textContent).toBe('Recording paused');
    await userEvent.click(button('Resume'));
    expect(fake.recorders[0]!.state).toBe('recording');
    await userEvent.click(button('Pause'));
    await userEvent.click(button('Stop Recording'));
    await screen.findByLabelText('Recording preview', { selector: 'video' });
  });

  it('keyboard: Space starts and stops, P pauses and resumes; not while typing in a field', async () => {
    const fake = createFakeBrowser();
    await renderRecord({ browser: fake.browser }, { countdown: false, panelOpen: true });
    const field = screen.getByRole('combobox', { name: 'Microphone' });
    fireEvent.keyDown(field, { key: ' ' });
    expect(fake.recorders).toHaveLength(0);
    fireEvent.keyDown(document.body, { key: ' ' });
    await screen.findByTestId('elapsed-time');
    fireEvent.keyDown(document.body, { key: 'p' });
    await waitFor(() => expect(fake.recorders[0]!.state).toBe('paused'));
    fireEvent.keyDown(document.body, { key: 'p' });
    await waitFor(() => expect(fake.recorders[0]!.state).toBe('recording'));
    fireEvent.keyDown(document.body, { key: 'R', code: 'KeyR', altKey: true, shiftKey: true });
    await screen.findByLabelText('Recording preview', { selector: 'video' });
  });

  it('the chosen microphone and camera are recorded and remembered; the quality shows its MB per minute', async () => {
    const fake = createFakeBrowser();
    await renderRecord({ browser: fake.browser }, { countdown: false, source: 'camera' });
    await userEvent.click(screen.getByText('Recording settings'));
    const microphone = screen.getByRole('combobox', { name: 'Microphone' });
    // The default, the two microphones, and recording without one (an account default may choose it).
    await waitFor(() => expect(microphone.querySelectorAll('option')).toHaveLength(4));
    expect(microphone.querySelectorAll('option')[3]!.textContent).toBe('No microphone');
    await userEvent.selectOptions(microphone, 'Fake microphone 2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Camera' }), 'Fake camera');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Resolution' }), '720p');
    expect(screen.getByTestId('estimated-size').textContent).toBe('About 20 MB per minute');
    expect(stored()).toMatchObject({ microphoneId: 'mic-2', cameraId: 'cam-1', panelOpen: true });
    expect(screen.getByRole('meter', { name: 'Microphone level' })).toBeTruthy();

    await userEvent.click(button('Start Recording'));
    await screen.findByTestId('elapsed-time');
    expect(fake.calls.getUserMedia.slice(-2)).toEqual([
      {
        video: { frameRate: { ideal: 30, max: 30 }, height: { max: 720 }, deviceId: { exact: 'cam-1' } },
      },
      { audio: { deviceId: { exact: 'mic-2' } } },
    ]);
  });

  it('Area: the shared screen, the rectangle as X, Y, Width and Height, then Record this area crops it', async () => {
    const fake = createFakeBrowser();
    await renderRecord({ browser: fake.browser }, { countdown: false });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'area');
    await userEvent.click(button('Start Recording'));
    const region = await screen.findByRole('region', { name: 'Choose the area to record' });
    expect(button('Start Recording').disabled).toBe(true); // Record this area starts it
    // The chooser is where focus goes, and the bar says what it waits for rather than looking stuck.
    expect(document.activeElement).toBe(region);
    const bar = screen.getByRole('group', { name: 'Recording controls' });
    expect(within(bar).getByText('Choose the area to record')).toBeTruthy();
    expect(screen.getByTestId('area-size').textContent).toBe('1280 × 720');
    await userEvent.click(button('16:9'));
    const set = (name: string, value: string) =>
      fireEvent.change(screen.getByRole('spinbutton', { name }), { target: { value } });
    set('Width', '640');
    set('Height', '360');
    set('X', '100');
    set('Y', '50');
    expect(screen.getByTestId('area-size').textContent).toBe('640 × 360');
    set('X', '5000'); // kept inside the screen
    expect((screen.getByRole('spinbutton', { name: 'X' }) as HTMLInputElement).value).toBe('640');
    await userEvent.click(button('Record this area'));
    await screen.findByTestId('elapsed-time');
    expect(region.isConnected).toBe(false);
    expect(within(bar).queryByText('Choose the area to record')).toBeNull();
    // Cropped by the compositor, which also draws the strokes of the Annotations toolbar.
    expect(fake.processed).toMatchObject([
      { kind: 'composite', settings: { area: { x: 640, y: 50, width: 640, height: 360 } } },
    ]);
    expect(screen.getByRole('toolbar', { name: 'Annotations' })).toBeTruthy();
  });

  it('says while recording that the microphone may be muted when it gave only silence', async () => {
    const fake = createFakeBrowser({ microphoneAmplitude: 0 });
    await renderRecord({ browser: fake.browser, silenceWindowMs: 200 }, { countdown: false });
    await userEvent.click(button('Start Recording'));
    await screen.findByTestId('elapsed-time');
    expect(
      (await screen.findByText(/The microphone may be muted/, undefined, { timeout: 2_000 })).closest('[role=alert]'),
    ).toBeTruthy();
  });

  it('screen + camera: the camera shows live in its bubble before recording, moved by the corner choice', async () => {
    const fake = createFakeBrowser();
    await renderRecord({ browser: fake.browser }, { countdown: false, source: 'screen+camera', panelOpen: true });
    await waitFor(() => expect(fake.calls.getUserMedia).toContainEqual({ video: true }));
    expect(screen.getByTestId('bubble-preview').dataset.corner).toBe('bottom-right');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Bubble corner' }), 'Top left');
    expect(screen.getByTestId('bubble-preview').dataset.corner).toBe('top-left');
    await userEvent.click(button('Start Recording'));
    await screen.findByTestId('elapsed-time');
    expect(screen.queryByTestId('bubble-preview')).toBeNull();
    expect(fake.processed).toMatchObject([{ kind: 'composite', settings: { bubble: { corner: 'top-left' } } }]);
  });
});
