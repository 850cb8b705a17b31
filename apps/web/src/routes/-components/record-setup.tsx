import { deviceNotices, limitText, type BrowserMedia } from '@stream/recorder';
import { useCameraPreview, type RecorderSetup, type UseRecorder } from '@stream/recorder/react';
import { RecordSetupView } from '@stream/ui';

export interface RecordSetupProps {
  recorder: UseRecorder;
  setup: RecorderSetup;
  /** Tests pass a fake browser (the camera's preview opens through it). */
  browser?: BrowserMedia | undefined;
  /** While uploading (docs/product.md, States) or capturing, the settings cannot change. */
  disabled: boolean;
  maxDurationMs?: number | undefined;
}

/** /record around the buttons: the recorder's setup, drawn by RecordSetupView. */
export function RecordSetup({ recorder, setup, disabled, maxDurationMs, browser }: RecordSetupProps) {
  const { state } = recorder;
  const { preferences } = setup;
  const capturing = state.status !== 'idle' && state.status !== 'stopped' && state.status !== 'error';
  const live = state.status === 'recording' || state.status === 'paused';
  const placingBubble = preferences.source === 'screen+camera' && !capturing;
  const camera = useCameraPreview({
    active: placingBubble && preferences.panelOpen && !disabled,
    ...(preferences.cameraId ? { deviceId: preferences.cameraId } : {}),
    ...(browser ? { browser } : {}),
  });
  return (
    <RecordSetupView
      {...setup}
      locked={disabled || capturing || setup.area !== null}
      placingBubble={placingBubble}
      camera={camera}
      countdownRemaining={state.status === 'countdown' ? state.remaining : 0}
      onSkipCountdown={recorder.skipCountdown}
      notices={deviceNotices(state, setup.limitWarning, maxDurationMs)}
      liveStream={live && preferences.source !== 'screen' ? recorder.liveStream() : null}
      drawnOn={live && preferences.source !== 'camera' ? recorder.screenStream() : null}
      limitText={limitText(maxDurationMs)}
    />
  );
}
