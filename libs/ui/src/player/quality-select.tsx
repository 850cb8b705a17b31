import { type HlsPresentation, type Quality, qualityChoices } from './hls-playback';

/** The Quality menu of an HLS presentation: Auto, then its rungs highest first. */
export function QualitySelect({
  hls,
  quality,
  onChange,
}: {
  hls: HlsPresentation;
  quality: Quality;
  onChange: (quality: Quality) => void;
}) {
  return (
    <select
      aria-label="Quality"
      className="select select-xs w-20"
      value={quality}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {qualityChoices(hls).map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
