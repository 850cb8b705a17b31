import type { SourceChoice } from './recorder-settings';

export interface SourcePickerProps {
  source: SourceChoice;
  onSource: (source: SourceChoice) => void;
  disabled?: boolean;
  /** The browser cannot capture the screen: only Camera only can be chosen. */
  cameraOnly?: boolean;
}

const choices: { value: SourceChoice; label: string }[] = [
  { value: 'screen', label: 'Screen, window or tab' },
  { value: 'camera', label: 'Camera only' },
  { value: 'screen+camera', label: 'Screen + camera' },
  { value: 'area', label: 'Area' },
];

/** What to record. */
export function SourcePicker({ source, onSource, disabled = false, cameraOnly = false }: SourcePickerProps) {
  return (
    <label className="flex items-center gap-3">
      <span>Source</span>
      <select
        className="select select-sm w-56"
        value={source}
        disabled={disabled}
        onChange={(event) => onSource(event.currentTarget.value as SourceChoice)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value} disabled={cameraOnly && choice.value !== 'camera'}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}
