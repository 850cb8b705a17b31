import { ControlButton } from './control-button';
import { FullscreenIcon } from './player-icons';

/** Enter fullscreen, or Exit fullscreen while the player fills the screen. */
export function FullscreenButton({ active, onToggle }: { active: boolean; onToggle: () => void }) {
  return (
    <ControlButton label={active ? 'Exit fullscreen' : 'Enter fullscreen'} onClick={onToggle}>
      <FullscreenIcon active={active} />
    </ControlButton>
  );
}
