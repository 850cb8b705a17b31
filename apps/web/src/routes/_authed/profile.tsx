import { useSession } from '@stream/auth';
import { ProfileCard } from '@stream/ui';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';

export const Route = createFileRoute('/_authed/profile')({
  component: Profile,
});

function Profile() {
  const { session, signIn } = Route.useRouteContext();
  const [verification, setVerification] = useState<{ sent: true } | { sent: false; message: string } | null>(null);
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
      verification={verification}
      onSendVerification={async () => {
        const outcome = await signIn.sendEmailVerification();
        setVerification(
          outcome.ok
            ? { sent: true }
            : { sent: false, message: outcome.message ?? 'Something went wrong. Please try again.' },
        );
      }}
    />
  );
}
