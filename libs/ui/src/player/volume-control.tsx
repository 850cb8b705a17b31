import { ControlButton } from './control-button';
import { VolumeIcon } from './player-icons';
import { VOLUME_MAX, VOLUME_MIN, VOLUME_STEP } from './volume';

/**
 * Mute/Unmute and the Volume slider (0–1 in steps of 0.1, at 0 while muted). `sliderClassName`
 * lets a small frame hide the slider; the mute button always stays.
 */
export function VolumeControl({
  volume,
  muted,
  onToggleMute,
  onChange,
  sliderClassName = '',
}: {
  volume: number;
  muted: boolean;
  onToggleMute: () => void;
  onChange: (volume: number) => void;
  sliderClassName?: string;
}) {
  return (
    <>
      <ControlButton label={muted ? 'Unmute' : 'Mute'} onClick={onToggleMute}>
        <VolumeIcon muted={muted || volume === 0} />
      </ControlButton>
      <input
        type="range"
        aria-label="Volume"
        className={`range range-xs w-20 ${sliderClassName}`}
        min={VOLUME_MIN}
        max={VOLUME_MAX}
        step={VOLUME_STEP}
        value={muted ? 0 : volume}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </>
  );
}
