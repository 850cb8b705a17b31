import { ControlButton } from './control-button';
import { PauseIcon, PlayIcon } from './player-icons';

/** Play, or Pause while playing: the button's name says what a press does. */
export function PlayButton({ playing, onToggle }: { playing: boolean; onToggle: () => void }) {
  return (
    <ControlButton label={playing ? 'Pause' : 'Play'} onClick={onToggle}>
      {playing ? <PauseIcon /> : <PlayIcon />}
    </ControlButton>
  );
}
