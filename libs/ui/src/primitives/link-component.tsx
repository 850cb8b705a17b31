import type { ComponentType, ReactNode } from 'react';

/**
 * How the layout renders a link. The app passes its router's Link so navigation stays client-side;
 * the default is a plain <a>.
 */
export type LinkComponent = ComponentType<{
  to: string;
  className?: string;
  children: ReactNode;
  'aria-current'?: 'page';
  role?: string;
  onClick?: () => void;
}>;

export const PlainLink: LinkComponent = ({ to, children, ...rest }) => (
  <a href={to} {...rest}>
    {children}
  </a>
);

/** What a component gives the link it asks the app to draw: the app picks where it leads. */
export interface LinkSlotProps {
  className: string;
  'aria-label'?: string;
  children: ReactNode;
}

/** Draws a link to a place only the app can name (e.g. a typed router link with params). */
export type RenderLink = (props: LinkSlotProps) => ReactNode;
