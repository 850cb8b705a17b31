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
