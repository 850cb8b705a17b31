import type { ReactNode } from 'react';
import { LineIcon } from '../primitives';

export interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
}

const icon = (path: ReactNode) => <LineIcon>{path}</LineIcon>;

/** Team, set apart at the top of the side navigation. */
export const TEAM_ITEM: NavItem = {
  label: 'Team',
  to: '/team',
  icon: icon(
    <path d="M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM23 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8" />,
  ),
};

export const MAIN_ITEMS: NavItem[] = [
  { label: 'Home', to: '/', icon: icon(<path d="M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z" />) },
  {
    label: 'Record',
    to: '/record',
    icon: (
      <svg viewBox="0 0 24 24" className="h-5 w-5 text-red-600" aria-hidden="true">
        <circle cx="12" cy="12" r="7" fill="currentColor" />
      </svg>
    ),
  },
  { label: 'Videos', to: '/videos', icon: icon(<path d="M15 10l5-3v10l-5-3M3 6h12v12H3z" />) },
  {
    label: 'Settings',
    to: '/settings',
    icon: icon(
      <>
        <circle cx="12" cy="12" r="3" />
        <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
      </>,
    ),
  },
];

/** Admin, after the others: only for the instance's admins (the API says who). */
export const ADMIN_ITEM: NavItem = {
  label: 'Admin',
  to: '/admin',
  icon: icon(<path d="M12 3 4 6v6c0 5 3.4 8.3 8 9 4.6-.7 8-4 8-9V6z" />),
};

/** The item whose route is on screen: an exact match, or the section a deeper path belongs to (/video/1 → Videos). */
export function activeNavPath(currentPath: string): string | undefined {
  const items = [TEAM_ITEM, ...MAIN_ITEMS, ADMIN_ITEM];
  if (items.some((item) => item.to === currentPath)) return currentPath;
  if (currentPath.startsWith('/video/')) return '/videos';
  return items.find((item) => item.to !== '/' && currentPath.startsWith(`${item.to}/`))?.to;
}
