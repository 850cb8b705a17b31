import { useRef, useState } from 'react';
import { PlainLink, type LinkComponent, useCloseOnOutside } from '../primitives';

export interface UserMenuProps {
  /** Display name; "User" when there is none. */
  name?: string | null;
  /** Their profile photo's URL, shown instead of the initial. */
  photoUrl?: string;
  onLogout: () => void;
  LinkComponent?: LinkComponent;
}

/** The user's name with a menu of Profile and Logout; closes on Escape, outside clicks and choices. */
export function UserMenu({ name, photoUrl, onLogout, LinkComponent = PlainLink }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const label = name?.trim() || 'User';

  useCloseOnOutside(open, root, setOpen);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        className="btn btn-ghost gap-2 px-1 sm:px-3"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="user-menu"
        onClick={() => setOpen((value) => !value)}
      >
        {photoUrl ? (
          <img src={photoUrl} alt="" className="h-8 w-8 rounded-full object-cover" />
        ) : (
          <span
            className="bg-neutral text-neutral-content flex h-8 w-8 items-center justify-center rounded-full"
            aria-hidden="true"
          >
            {label[0]!.toUpperCase()}
          </span>
        )}
        {/* On a phone the name does not fit beside the bar's buttons: the avatar stays, the name is read out. */}
        <span className="sr-only sm:not-sr-only sm:max-w-40 sm:truncate">{label}</span>
      </button>
      {open && (
        <ul
          id="user-menu"
          role="menu"
          aria-label="User menu"
          className="menu bg-base-100 rounded-box absolute right-0 z-20 mt-2 w-44 p-2 shadow"
        >
          <li role="none">
            <LinkComponent to="/profile" role="menuitem" onClick={() => setOpen(false)}>
              Profile
            </LinkComponent>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
            >
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
