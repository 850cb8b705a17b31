import { Outlet, createFileRoute } from '@tanstack/react-router';
import { requireSession } from './-components/require-session';

export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ context, location }) => requireSession(context.session, location),
  component: () => <Outlet />,
});
