import { Code } from '@connectrpc/connect';
import { LoadError } from '@stream/ui';
import { describeVideoError } from '@stream/video-api';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';

/**
 * A loader's failure in words a person can act on, with a Retry that runs the route's loaders
 * again. A refusal (permission_denied) is not worth retrying: it shows `denied`, when the page has
 * its own words for who it is for, and no Retry.
 */
export function RouteLoadError({ error, denied }: { error: unknown; denied?: string }) {
  const router = useRouter();
  const [retrying, setRetrying] = useState(false);
  const described = describeVideoError(error);
  if (described.code === Code.PermissionDenied) return <LoadError message={denied ?? described.message} />;
  return (
    <LoadError
      message={described.message}
      retrying={retrying}
      onRetry={() => {
        setRetrying(true);
        void router.invalidate().finally(() => setRetrying(false));
      }}
    />
  );
}
