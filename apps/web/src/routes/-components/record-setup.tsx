import { recorderMessages, type BrowserMedia, type RecorderState } from '@stream/recorder';
import { useCameraPreview, type RecorderSetup, type UseRecorder } from '@stream/recorder/react';
import {
  AnnotationToolbar,
  AreaSelector,
  BubblePlacement,
  Countdown,
  DrawingLayer,
  LiveAnnouncer,
  MediaPreview,
  RecorderNotice,
  RecorderSettings,
  SourcePicker,
} from '@stream/ui';
import { formatMinutes } from './record-limit';

export interface RecordSetupProps {
  recorder: UseRecorder;
  setup: RecorderSetup;
  /** Tests pass a fake browser (the camera's preview opens through it). */
  browser?: BrowserMedia | undefined;
  /** While uploading (docs/product.md, States) or capturing, the settings cannot change. */
  disabled: boolean;
  maxDurationMs?: number | undefined;
}

/**
 * /record around the buttons (issue 15): the source, the settings panel, choosing an area, the
 * countdown, the live picture of a camera recording, and what happened to the devices.
 */
export function RecordSetup({ recorder, setup, disabled, maxDurationMs, browser }: RecordSetupProps) {
  const { state } = recorder;
  const { preferences, update } = setup;
  const capturing = state.status !== 'idle' && state.status !== 'stopped' && state.status !== 'error';
  const locked = disabled || capturing || setup.area !== null;
  const live = state.status === 'recording' || state.status === 'paused';
  const liveStream = live && preferences.source !== 'screen' ? recorder.liveStream() : null;
  const drawnOn = live && preferences.source !== 'camera' ? recorder.screenStream() : null;
  const placingBubble = preferences.source === 'screen+camera' && !capturing;
  const camera = useCameraPreview({
    active: placingBubble && preferences.panelOpen && !disabled,
    ...(preferences.cameraId ? { deviceId: preferences.cameraId } : {}),
    ...(browser ? { browser } : {}),
  });
  return (
    <>
      <LiveAnnouncer message={setup.announcement} />
      <SourcePicker
        source={preferences.source}
        onSource={(source) => update({ source })}
        disabled={locked}
        cameraOnly={!setup.screenCapture}
      />
      {setup.sourceNotice ? <RecorderNotice message={setup.sourceNotice} /> : null}
      <RecorderSettings
        open={preferences.panelOpen}
        onOpenChange={(panelOpen) => update({ panelOpen })}
        microphones={setup.devices.microphones}
        microphoneId={preferences.microphoneId}
        onMicrophone={(microphoneId) => update({ microphoneId })}
        cameras={setup.devices.cameras}
        cameraId={preferences.cameraId}
        onCamera={(cameraId) => update({ cameraId })}
        level={setup.level}
        countdown={preferences.countdown}
        onCountdown={(countdown) => update({ countdown })}
        resolution={preferences.quality.resolution}
        onResolution={(resolution) => update({ quality: { ...preferences.quality, resolution } })}
        frameRate={preferences.quality.frameRate}
        onFrameRate={(frameRate) => update({ quality: { ...preferences.quality, frameRate } })}
        estimatedMbPerMinute={setup.estimatedMbPerMinute}
        showBubble={preferences.source === 'screen+camera'}
        bubble={preferences.bubble}
        onBubble={(bubble) => update({ bubble })}
        limitText={maxDurationMs ? `Recordings stop by themselves after ${formatMinutes(maxDurationMs)}.` : undefined}
        disabled={locked}
      />
      {placingBubble ? (
        <BubblePlacement bubble={preferences.bubble} onBubble={(bubble) => update({ bubble })} camera={camera} />
      ) : null}
      {setup.areaNotice ? <RecorderNotice message={setup.areaNotice} /> : null}
      {setup.area ? (
        <AreaSelector
          stream={setup.area.stream}
          width={setup.area.width}
          height={setup.area.height}
          area={setup.area.rect}
          onChange={setup.setAreaRect}
          onConfirm={setup.recordArea}
          onCancel={setup.cancelArea}
        />
      ) : null}
      {state.status === 'countdown' && state.remaining > 0 ? (
        <Countdown remaining={state.remaining} onSkip={recorder.skipCountdown} />
      ) : null}
      {deviceNotices(state, setup.limitWarning, maxDurationMs).map((message) => (
        <RecorderNotice key={message} message={message} />
      ))}
      {drawnOn ? (
        <>
          <AnnotationToolbar {...setup.drawing.toolbar} />
          <DrawingLayer stream={drawnOn} {...setup.drawing.surface} />
        </>
      ) : null}
      {liveStream ? (
        <MediaPreview stream={liveStream} label="Live recording" className="w-full max-w-md rounded-box bg-black" />
      ) : null}
    </>
  );
}

function deviceNotices(state: RecorderState, limitWarning: string | null, maxDurationMs?: number): string[] {
  const notes: string[] = [];
  if (limitWarning) notes.push(limitWarning);
  if (!('lostDevices' in state) && !('microphoneSilent' in state) && !('reason' in state)) return notes;
  if ('microphoneSilent' in state && state.microphoneSilent) notes.push(recorderMessages.microphoneSilent);
  const lost = 'lostDevices' in state ? (state.lostDevices ?? []) : [];
  if (lost.includes('microphone')) notes.push(recorderMessages.microphoneLost);
  if (lost.includes('camera')) {
    notes.push(
      'reason' in state && state.reason === 'device-lost'
        ? recorderMessages.cameraLostStopped
        : recorderMessages.cameraLost,
    );
  }
  if ('reason' in state && state.reason === 'max-length' && maxDurationMs) {
    notes.push(recorderMessages.maxLengthReached(formatMinutes(maxDurationMs)));
  }
  return notes;
}
