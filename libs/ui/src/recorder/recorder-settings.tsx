import { LabelledSelect, type SelectOption, LabelledCheckbox } from '../primitives';
import { LevelMeter } from './level-meter';

/** The microphone choice that records without one. */
export const MICROPHONE_OFF = 'off';

export type SourceChoice = 'screen' | 'camera' | 'screen+camera' | 'area';
export interface DeviceChoice {
  id: string;
  label: string;
}
export interface BubbleChoice {
  shape: 'circle' | 'rounded';
  corner: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
  size: number;
}

export interface RecorderSettingsProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  microphones: readonly DeviceChoice[];
  /** Absent: the browser's default; MICROPHONE_OFF: none. */
  microphoneId?: string | undefined;
  onMicrophone: (id: string | undefined) => void;
  cameras: readonly DeviceChoice[];
  cameraId?: string | undefined;
  onCamera: (id: string | undefined) => void;
  /** The microphone's loudness, 0 to 1. */
  level: number;
  /** The chosen microphone gives nothing (denied, missing). */
  microphoneUnavailable?: boolean;
  countdown: boolean;
  /** How long the countdown is (the account's default may set 1 to 10); 3 when absent. */
  countdownSeconds?: number;
  onCountdown: (on: boolean) => void;
  resolution: '720p' | '1080p' | 'source';
  onResolution: (resolution: '720p' | '1080p' | 'source') => void;
  frameRate: 30 | 60;
  onFrameRate: (frameRate: 30 | 60) => void;
  estimatedMbPerMinute: number;
  showBubble: boolean;
  bubble: BubbleChoice;
  onBubble: (bubble: BubbleChoice) => void;
  /** e.g. "Recordings stop by themselves after 30:00." */
  limitText?: string | undefined;
  disabled?: boolean;
}

const deviceOption = (device: DeviceChoice): SelectOption<string> => ({ value: device.id, label: device.label });

/** A device by its id, or (the first choice, no id) the browser's default one. */
function DeviceSelect({
  label,
  devices,
  id,
  onChange,
  extra = [],
}: {
  label: 'Microphone' | 'Camera';
  devices: readonly DeviceChoice[];
  id: string | undefined;
  onChange: (id: string | undefined) => void;
  /** Choices after the devices (the microphone's "No microphone"). */
  extra?: readonly SelectOption<string>[];
}) {
  return (
    <LabelledSelect
      label={label}
      className="w-64"
      value={id ?? ''}
      options={[{ value: '', label: `Default ${label.toLowerCase()}` }, ...devices.map(deviceOption), ...extra]}
      onChange={(chosen) => onChange(chosen || undefined)}
    />
  );
}

const resolutions: SelectOption<RecorderSettingsProps['resolution']>[] = [
  { value: '720p', label: '720p' },
  { value: '1080p', label: '1080p' },
  { value: 'source', label: 'Source' },
];

const frameRates: SelectOption<'30' | '60'>[] = [
  { value: '30', label: '30 fps' },
  { value: '60', label: '60 fps' },
];

const shapes: SelectOption<BubbleChoice['shape']>[] = [
  { value: 'circle', label: 'Circle' },
  { value: 'rounded', label: 'Rounded square' },
];

const corners: SelectOption<BubbleChoice['corner']>[] = [
  { value: 'top-left', label: 'Top left' },
  { value: 'top-right', label: 'Top right' },
  { value: 'bottom-left', label: 'Bottom left' },
  { value: 'bottom-right', label: 'Bottom right' },
];

/** The recorder's settings, in a panel that opens and closes. */
export function RecorderSettings(props: RecorderSettingsProps) {
  const { open, onOpenChange, disabled = false, bubble, onBubble } = props;
  return (
    <details
      className="collapse collapse-arrow max-w-3xl border border-base-300 bg-base-100"
      open={open}
      onToggle={(event) => {
        if (event.currentTarget.open !== open) onOpenChange(event.currentTarget.open);
      }}
    >
      <summary className="collapse-title font-medium">Recording settings</summary>
      <div className="collapse-content flex flex-col gap-4">
        <fieldset className="flex flex-wrap items-end gap-4" disabled={disabled}>
          <DeviceSelect
            label="Microphone"
            devices={props.microphones}
            id={props.microphoneId}
            onChange={props.onMicrophone}
            extra={[{ value: MICROPHONE_OFF, label: 'No microphone' }]}
          />
          <div className="flex flex-col gap-1">
            <LevelMeter level={props.level} />
            {props.microphoneUnavailable ? <span className="text-sm">The microphone is unavailable.</span> : null}
          </div>
          <DeviceSelect label="Camera" devices={props.cameras} id={props.cameraId} onChange={props.onCamera} />
        </fieldset>
        <fieldset className="flex flex-wrap items-end gap-4" disabled={disabled}>
          <LabelledSelect
            label="Resolution"
            value={props.resolution}
            options={resolutions}
            onChange={props.onResolution}
          />
          <LabelledSelect
            label="Frame rate"
            value={String(props.frameRate) as '30' | '60'}
            options={frameRates}
            onChange={(rate) => props.onFrameRate(rate === '60' ? 60 : 30)}
          />
          <p data-testid="estimated-size">About {props.estimatedMbPerMinute} MB per minute</p>
          <LabelledCheckbox
            label={countdownLabel(props.countdownSeconds ?? 3)}
            checked={props.countdown}
            onChange={props.onCountdown}
          />
        </fieldset>
        {props.showBubble ? (
          <fieldset className="flex flex-wrap items-end gap-4" disabled={disabled}>
            <LabelledSelect
              label="Bubble shape"
              value={bubble.shape}
              options={shapes}
              onChange={(shape) => onBubble({ ...bubble, shape })}
            />
            <LabelledSelect
              label="Bubble corner"
              value={bubble.corner}
              options={corners}
              onChange={(corner) => onBubble({ ...bubble, corner })}
            />
            <label className="flex flex-col gap-1">
              <span>Bubble size</span>
              <input
                type="range"
                className="range range-sm w-40"
                min={10}
                max={50}
                value={Math.round(bubble.size * 100)}
                onChange={(event) => onBubble({ ...bubble, size: Number(event.currentTarget.value) / 100 })}
              />
            </label>
          </fieldset>
        ) : null}
        {props.limitText ? <p className="text-sm">{props.limitText}</p> : null}
        <p className="text-sm text-base-content/70">
          Shortcuts: Space or Alt+Shift+R starts and stops, P pauses and resumes, Escape skips the countdown.
        </p>
      </div>
    </details>
  );
}

const countdownLabel = (seconds: number) =>
  seconds === 3 ? 'Countdown 3, 2, 1' : `Countdown of ${seconds} second${seconds === 1 ? '' : 's'}`;
