import { AnnotationToolbar, type AnnotationToolbarProps } from './annotation-toolbar';
import { DrawingLayer, type DrawingLayerProps } from './drawing-layer';
import { AreaSelector, type Area } from './area-selector';
import { BubblePlacement } from './bubble-placement';
import { Countdown } from './countdown';
import { LiveAnnouncer } from './live-announcer';
import { MediaPreview } from './media-preview';
import { RecorderNotice } from './recorder-notice';
import {
  MICROPHONE_OFF,
  RecorderSettings,
  type BubbleChoice,
  type DeviceChoice,
  type SourceChoice,
} from './recorder-settings';
import { SourcePicker } from './source-picker';

/** The recorder's remembered settings, as the recorder's setup keeps them. */
export interface RecordPreferencesView {
  source: SourceChoice;
  /** False: recording without a microphone. */
  microphone?: boolean;
  microphoneId?: string | undefined;
  cameraId?: string | undefined;
  countdown: boolean;
  countdownSeconds?: number;
  quality: { resolution: '720p' | '1080p' | 'source'; frameRate: 30 | 60 };
  bubble: BubbleChoice;
  panelOpen: boolean;
}

/** The recorder's setup (`useRecorderSetup`'s fields, by the same names) and what the recorder is doing. */
export interface RecordSetupViewProps<Tool extends string = string> {
  preferences: RecordPreferencesView;
  update: (change: Partial<RecordPreferencesView>) => void;
  /** False (most phones): only the camera can be recorded. */
  screenCapture: boolean;
  sourceNotice: string | null;
  announcement: string;
  devices: { microphones: readonly DeviceChoice[]; cameras: readonly DeviceChoice[] };
  level: number;
  estimatedMbPerMinute: number;
  /** The area being chosen on the shared screen; null otherwise. */
  area: { stream: MediaStream; width: number; height: number; rect: Area } | null;
  setAreaRect: (rect: Area) => void;
  recordArea: () => void;
  cancelArea: () => void;
  areaNotice: string | null;
  /** The settings cannot change (uploading, capturing, choosing an area). */
  locked: boolean;
  /** Where the camera's bubble goes is being chosen (Screen + camera, before recording). */
  placingBubble: boolean;
  /** The camera's live picture for the bubble, while its settings are open. */
  camera: MediaStream | null;
  /** Seconds of the countdown left; 0: none. */
  countdownRemaining: number;
  onSkipCountdown: () => void;
  /** What happened to the devices and the length, one sentence each. */
  notices: readonly string[];
  /** A camera recording's live picture. */
  liveStream: MediaStream | null;
  /** What is being captured, drawn on while recording; null when there is nothing to draw on. */
  drawnOn?: MediaStream | null;
  /** The drawing board's toolbar and surface (the recorder's `useDrawing`). */
  drawing?: { toolbar: AnnotationToolbarProps<Tool>; surface: Omit<DrawingLayerProps, 'stream'> };
  limitText?: string | undefined;
}

/**
 * /record around the buttons: the source, the settings panel, where the camera's bubble
 * goes, choosing an area, the countdown, the live picture of a camera recording, the notices, and
 * the drawing board while recording.
 */
export function RecordSetupView<Tool extends string>(props: RecordSetupViewProps<Tool>) {
  const { preferences, update, area, locked } = props;
  return (
    <>
      <LiveAnnouncer message={props.announcement} />
      <SourcePicker
        source={preferences.source}
        onSource={(source) => update({ source })}
        disabled={locked}
        cameraOnly={!props.screenCapture}
      />
      {props.sourceNotice ? <RecorderNotice message={props.sourceNotice} /> : null}
      <RecorderSettings
        open={preferences.panelOpen}
        onOpenChange={(panelOpen) => update({ panelOpen })}
        microphones={props.devices.microphones}
        microphoneId={preferences.microphone === false ? MICROPHONE_OFF : preferences.microphoneId}
        onMicrophone={(id) =>
          update(id === MICROPHONE_OFF ? { microphone: false } : { microphone: true, microphoneId: id })
        }
        cameras={props.devices.cameras}
        cameraId={preferences.cameraId}
        onCamera={(cameraId) => update({ cameraId })}
        level={props.level}
        countdown={preferences.countdown}
        countdownSeconds={preferences.countdownSeconds}
        onCountdown={(countdown) => update({ countdown })}
        resolution={preferences.quality.resolution}
        onResolution={(resolution) => update({ quality: { ...preferences.quality, resolution } })}
        frameRate={preferences.quality.frameRate}
        onFrameRate={(frameRate) => update({ quality: { ...preferences.quality, frameRate } })}
        estimatedMbPerMinute={props.estimatedMbPerMinute}
        showBubble={preferences.source === 'screen+camera'}
        bubble={preferences.bubble}
        onBubble={(bubble) => update({ bubble })}
        limitText={props.limitText}
        disabled={locked}
      />
      {props.placingBubble ? (
        <BubblePlacement bubble={preferences.bubble} onBubble={(bubble) => update({ bubble })} camera={props.camera} />
      ) : null}
      {props.areaNotice ? <RecorderNotice message={props.areaNotice} /> : null}
      {area ? (
        <AreaSelector
          {...area}
          area={area.rect}
          onChange={props.setAreaRect}
          onConfirm={props.recordArea}
          onCancel={props.cancelArea}
        />
      ) : null}
      {props.countdownRemaining > 0 ? (
        <Countdown remaining={props.countdownRemaining} onSkip={props.onSkipCountdown} />
      ) : null}
      {props.notices.map((message) => (
        <RecorderNotice key={message} message={message} />
      ))}
      {props.drawnOn && props.drawing ? (
        <>
          <AnnotationToolbar {...props.drawing.toolbar} />
          <DrawingLayer stream={props.drawnOn} {...props.drawing.surface} />
        </>
      ) : null}
      {props.liveStream ? (
        <MediaPreview
          stream={props.liveStream}
          label="Live recording"
          className="w-full max-w-md rounded-box bg-black"
        />
      ) : null}
    </>
  );
}
