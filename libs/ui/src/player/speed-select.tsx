import { PLAYBACK_RATES } from './playback-rate';

/** The Playback speed menu, 0.5× to 2×. */
export function SpeedSelect({
  rate,
  onChange,
  className = '',
}: {
  rate: number;
  onChange: (rate: number) => void;
  className?: string;
}) {
  return (
    <select
      aria-label="Playback speed"
      className={`select select-xs w-20 ${className}`}
      value={rate}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {PLAYBACK_RATES.map((r) => (
        <option key={r} value={r}>
          {r}×
        </option>
      ))}
    </select>
  );
}
