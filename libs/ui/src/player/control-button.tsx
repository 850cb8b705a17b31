import type { ReactNode } from 'react';

/** A square icon button of the control bar, named for screen readers by `label`. */
export function ControlButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="btn btn-ghost btn-sm btn-square" onClick={onClick} aria-label={label}>
      {children}
    </button>
  );
}
