import { useProfile } from '@stream/auth';
import { ProfileCard } from '@stream/ui';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/profile')({
  component: Profile,
});

function Profile() {
  const { session, signIn } = Route.useRouteContext();
  return <ProfileCard {...useProfile(session, signIn)} />;
}
