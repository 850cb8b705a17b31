import { LevelMeter } from './level-meter';

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
  /** Absent: the browser's default. */
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

const corners: { value: BubbleChoice['corner']; label: string }[] = [
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
          <label className="flex flex-col gap-1">
            <span>Microphone</span>
            <select
              className="select select-sm w-64"
              value={props.microphoneId ?? ''}
              onChange={(event) => props.onMicrophone(event.currentTarget.value || undefined)}
            >
              <option value="">Default microphone</option>
              {props.microphones.map((device) => (
                <option key={device.id} value={device.id}>
                  {device.label}
                </option>
              ))}
            </select>
          </label>
          <div className="flex flex-col gap-1">
            <LevelMeter level={props.level} />
            {props.microphoneUnavailable ? <span className="text-sm">The microphone is unavailable.</span> : null}
          </div>
          <label className="flex flex-col gap-1">
            <span>Camera</span>
            <select
              className="select select-sm w-64"
              value={props.cameraId ?? ''}
              onChange={(event) => props.onCamera(event.currentTarget.value || undefined)}
            >
              <option value="">Default camera</option>
              {props.cameras.map((device) => (
                <option key={device.id} value={device.id}>
                  {device.label}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
        <fieldset className="flex flex-wrap items-end gap-4" disabled={disabled}>
          <label className="flex flex-col gap-1">
            <span>Resolution</span>
            <select
              className="select select-sm"
              value={props.resolution}
              onChange={(event) => props.onResolution(event.currentTarget.value as RecorderSettingsProps['resolution'])}
            >
              <option value="720p">720p</option>
              <option value="1080p">1080p</option>
              <option value="source">Source</option>
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span>Frame rate</span>
            <select
              className="select select-sm"
              value={props.frameRate}
              onChange={(event) => props.onFrameRate(Number(event.currentTarget.value) === 60 ? 60 : 30)}
            >
              <option value={30}>30 fps</option>
              <option value={60}>60 fps</option>
            </select>
          </label>
          <p data-testid="estimated-size">About {props.estimatedMbPerMinute} MB per minute</p>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={props.countdown}
              onChange={(event) => props.onCountdown(event.currentTarget.checked)}
            />
            <span>Countdown 3, 2, 1</span>
          </label>
        </fieldset>
        {props.showBubble ? (
          <fieldset className="flex flex-wrap items-end gap-4" disabled={disabled}>
            <label className="flex flex-col gap-1">
              <span>Bubble shape</span>
              <select
                className="select select-sm"
                value={bubble.shape}
                onChange={(event) => onBubble({ ...bubble, shape: event.currentTarget.value as BubbleChoice['shape'] })}
              >
                <option value="circle">Circle</option>
                <option value="rounded">Rounded square</option>
              </select>
            </label>
            <label className="flex flex-col gap-1">
              <span>Bubble corner</span>
              <select
                className="select select-sm"
                value={bubble.corner}
                onChange={(event) =>
                  onBubble({ ...bubble, corner: event.currentTarget.value as BubbleChoice['corner'] })
                }
              >
                {corners.map((corner) => (
                  <option key={corner.value} value={corner.value}>
                    {corner.label}
                  </option>
                ))}
              </select>
            </label>
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
