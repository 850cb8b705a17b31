import type { CallToActionView } from '../primitives';

/**
 * The call to action over the player's top corner, opening its link in a new tab. Only http(s)
 * links are drawn (the server takes no other; this is a second lock).
 */
export function CallToActionButton({ label, url, onClick }: CallToActionView & { onClick?: () => void }) {
  if (!/^https?:\/\//i.test(url)) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="btn btn-primary btn-sm absolute top-2 right-2 z-10 shadow"
      onClick={onClick}
    >
      {label}
    </a>
  );
}
