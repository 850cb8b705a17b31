import { useSession } from '@stream/auth';
import { ProfileCard } from '@stream/ui';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/profile')({
  component: Profile,
});

function Profile() {
  const { session } = Route.useRouteContext();
  const { user } = useSession(session);
  // The identity provider's record holds the verified flag and dates; the session user is the fallback.
  const identity = session.identity();
  return (
    <ProfileCard
      name={identity?.displayName ?? user?.name}
      email={identity?.email ?? user?.email}
      photoURL={identity?.photoURL ?? user?.photoURL}
      emailVerified={identity?.emailVerified ?? false}
      creationTime={identity?.creationTime}
      lastSignInTime={identity?.lastSignInTime}
    />
  );
}
