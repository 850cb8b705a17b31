import { useProfile } from '@stream/auth';
import { ProfileCard } from '@stream/ui';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/profile')({
  loader: ({ context }) => context.signIn(),
  component: Profile,
});

function Profile() {
  const { session } = Route.useRouteContext();
  return <ProfileCard {...useProfile(session, Route.useLoaderData())} />;
}
