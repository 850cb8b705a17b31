import { LineIcon } from './line-icon';

/** The two looks of the app (daisyUI themes of the same names). */
export type Theme = 'light' | 'dark';

export interface ThemeToggleProps {
  theme: Theme;
  onToggle: () => void;
}

/** A button switching between light and dark; its name says what pressing it does. */
export function ThemeToggle({ theme, onToggle }: ThemeToggleProps) {
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="btn btn-ghost btn-circle"
      onClick={onToggle}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
    >
      {theme === 'dark' ? (
        <LineIcon>
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </LineIcon>
      ) : (
        <LineIcon>
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        </LineIcon>
      )}
    </button>
  );
}
