import type { LinkComponent } from '@stream/ui';
import { Link } from '@tanstack/react-router';

/** The layout's links, rendered as the router's Link so navigation stays in the page. */
export const RouterLink: LinkComponent = ({ to, children, ...rest }) => (
  <Link to={to} {...rest}>
    {children}
  </Link>
);
