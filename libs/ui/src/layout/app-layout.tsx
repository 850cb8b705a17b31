import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import {
  SearchBox,
  type SearchBoxProps,
  type Theme,
  ThemeToggle,
  PlainLink,
  type LinkComponent,
  LineIcon,
} from '../primitives';
import { ADMIN_ITEM, MAIN_ITEMS, TEAM_ITEM, activeNavPath, type NavItem } from './nav-items';
import { UserMenu } from './user-menu';
import { useWideScreen } from './use-wide-screen';

/** The instance's branding, as the watch pages carry it. */
export interface LayoutBrand {
  /** "Stream" until the admin names it. */
  productName: string;
  /** An https URL of the logo, '' for none. */
  logoUrl: string;
  /** "#rrggbb" as daisyUI's primary colour, '' for the theme's own. */
  accentColor: string;
}

export interface AppLayoutProps {
  /** Path of the route on screen; its link is marked active. */
  currentPath: string;
  userName?: string | null;
  /** The signed-in person's profile photo URL; their initial without one. */
  userPhotoUrl?: string;
  /** Links Admin in the navigation: the API said the person is an admin. */
  showAdmin?: boolean;
  brand?: LayoutBrand;
  onLogout: () => void;
  theme: Theme;
  onToggleTheme: () => void;
  LinkComponent?: LinkComponent;
  /** The library search on screen ('' none) and what to do when the person searches. */
  search?: string;
  onSearch?: SearchBoxProps['onSearch'];
  /** Above the links: which space (personal or a team) the library shows. */
  spaceSwitcher?: ReactNode;
  /** Beside the theme toggle: the notifications bell. */
  topBarExtra?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every signed-in page: top bar (title, search, theme, user menu) and the side
 * navigation, which becomes a drawer behind a menu button below the `lg` width.
 */
export function AppLayout({
  currentPath,
  userName,
  userPhotoUrl,
  showAdmin = false,
  brand,
  onLogout,
  theme,
  onToggleTheme,
  LinkComponent = PlainLink,
  search = '',
  onSearch = () => undefined,
  spaceSwitcher,
  topBarExtra,
  children,
}: AppLayoutProps) {
  const navId = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const active = activeNavPath(currentPath);
  // One search field at a time (the `/` shortcut and the searchbox's name stay unique).
  const wide = useWideScreen();
  const link = (item: NavItem) => (
    <li key={item.to}>
      <LinkComponent
        to={item.to}
        className={item.to === active ? `menu-active ${FOCUS_RING}` : FOCUS_RING}
        aria-current={item.to === active ? 'page' : undefined}
        onClick={() => setDrawerOpen(false)}
      >
        {item.icon}
        {item.label}
      </LinkComponent>
    </li>
  );

  return (
    <div className="drawer lg:drawer-open min-h-screen" style={accentStyle(brand?.accentColor)}>
      {/* daisyUI's drawer opens from this hidden checkbox; people use the buttons below, so it stays out of the tab order and the accessibility tree. */}
      <input type="checkbox" className="drawer-toggle" checked={drawerOpen} readOnly tabIndex={-1} aria-hidden="true" />
      <div className="drawer-content flex min-w-0 flex-col">
        <header className="navbar bg-base-100 border-base-300 sticky top-0 z-10 gap-1 border-b px-2 sm:gap-2 sm:px-4">
          <button
            type="button"
            className="btn btn-ghost btn-square lg:hidden"
            aria-label="Open navigation"
            aria-expanded={drawerOpen}
            aria-controls={navId}
            onClick={() => setDrawerOpen(true)}
          >
            <LineIcon>
              <path d="M4 6h16M4 12h16M4 18h16" />
            </LineIcon>
          </button>
          <LinkComponent to="/" className="flex min-w-0 items-center gap-2 truncate text-xl font-bold">
            {brand?.logoUrl && <img src={brand.logoUrl} alt="" className="h-8 w-8 object-contain" />}
            {brand?.productName || 'Stream'}
          </LinkComponent>
          <div className="flex flex-1 justify-center sm:px-2">
            {wide && <SearchField search={search} onSearch={onSearch} className="hidden w-full max-w-md sm:flex" />}
          </div>
          {topBarExtra}
          <ThemeToggle theme={theme} onToggle={onToggleTheme} />
          <UserMenu name={userName} photoUrl={userPhotoUrl} onLogout={onLogout} LinkComponent={LinkComponent} />
        </header>
        <main className="flex-1 p-4 sm:p-6 lg:p-8">{children}</main>
      </div>
      <div className="drawer-side z-20">
        <button
          type="button"
          className="drawer-overlay"
          aria-label="Close navigation"
          tabIndex={drawerOpen ? 0 : -1}
          onClick={() => setDrawerOpen(false)}
        />
        <nav id={navId} aria-label="Main" className="bg-base-200 min-h-full w-60 p-4">
          {/* A phone's top bar has no room for search: it is the drawer's first field. */}
          {!wide && (
            <SearchField
              search={search}
              onSearch={(query, how) => {
                if (how === 'submit') setDrawerOpen(false);
                onSearch(query, how);
              }}
              className="mb-3 flex w-full"
            />
          )}
          {spaceSwitcher}
          <ul className="menu w-full gap-1">{link(TEAM_ITEM)}</ul>
          <div className="divider my-2" role="separator" />
          <ul className="menu w-full gap-1">{(showAdmin ? [...MAIN_ITEMS, ADMIN_ITEM] : MAIN_ITEMS).map(link)}</ul>
        </nav>
      </div>
    </div>
  );
}

/** The search field with its magnifier, in the top bar from `sm` up and in the drawer below it. */
const SearchField = ({
  search,
  onSearch,
  className,
}: Pick<SearchBoxProps, 'onSearch'> & { search: string; className: string }) => (
  <label className={`input ${className}`}>
    <LineIcon className="h-4 w-4 opacity-60">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </LineIcon>
    <SearchBox value={search} onSearch={onSearch} />
  </label>
);

/**
 * daisyUI's menu shows keyboard focus as a 10 % tint, barely visible on the side navigation: a
 * solid outline in the text colour (its contrast with the background is the text's) says where focus is.
 */
const FOCUS_RING =
  'focus-visible:outline-2 focus-visible:outline-solid focus-visible:-outline-offset-2 focus-visible:outline-base-content';

/** The accent as daisyUI's primary colour for everything inside; only a #rrggbb is taken. */
const accentStyle = (accent: string | undefined) =>
  accent && /^#[0-9a-f]{6}$/i.test(accent) ? ({ '--color-primary': accent } as CSSProperties) : undefined;
