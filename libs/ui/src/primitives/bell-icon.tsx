import { LineIcon } from './line-icon';

/** The top bar's bell, drawn (an emoji bell is an empty box where no emoji font is installed). */
export function BellIcon() {
  return (
    <LineIcon>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4z" />
      <path d="M10 20a2 2 0 0 0 4 0" />
    </LineIcon>
  );
}
