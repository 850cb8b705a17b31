import { useState } from 'react';

export interface SpaceSwitcherProps {
  /** The active space's name ('Personal' or a team's). */
  current: string;
  /** Every space (Personal first, then each team), once loaded; undefined until asked. */
  spaces: { id: string; name: string }[] | undefined;
  /** The list is wanted (the button opened): load it. */
  onOpen: () => void;
  onChoose: (space: { id: string; name: string }) => void;
}

/**
 * The active space in the side navigation: a button naming it that opens the list of spaces.
 * Teams load only when it opens, so the first page carries no team code.
 */
export function SpaceSwitcher({ current, spaces, onOpen, onChoose }: SpaceSwitcherProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mb-2">
      <button
        type="button"
        className="btn btn-sm btn-ghost w-full justify-between"
        aria-expanded={open}
        onClick={() => {
          if (!open) onOpen();
          setOpen(!open);
        }}
      >
        <span className="truncate">Space: {current}</span>
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      {open && (
        <ul className="menu menu-sm w-full" aria-label="Spaces">
          {spaces === undefined && (
            <li className="menu-disabled">
              <span>Loading spaces…</span>
            </li>
          )}
          {spaces?.map((space) => (
            <li key={space.id || 'personal'}>
              <button
                type="button"
                className={space.name === current ? 'menu-active' : undefined}
                aria-current={space.name === current ? 'true' : undefined}
                onClick={() => {
                  setOpen(false);
                  onChoose(space);
                }}
              >
                {space.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
