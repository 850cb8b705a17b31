/** Loop, pressed while the video repeats. */
export function LoopButton({
  loop,
  onToggle,
  className = '',
}: {
  loop: boolean;
  onToggle: () => void;
  className?: string;
}) {
  return (
    <button type="button" className={`btn btn-ghost btn-xs ${className}`} onClick={onToggle} aria-pressed={loop}>
      Loop
    </button>
  );
}
