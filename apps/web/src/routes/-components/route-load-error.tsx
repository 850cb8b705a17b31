import { LoadError } from '@stream/ui';
import { describeVideoError } from '@stream/video-api';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';

/** A loader's failure in words a person can act on, with a Retry that runs the route's loaders again. */
export function RouteLoadError({ error }: { error: unknown }) {
  const router = useRouter();
  const [retrying, setRetrying] = useState(false);
  return (
    <LoadError
      message={describeVideoError(error).message}
      retrying={retrying}
      onRetry={() => {
        setRetrying(true);
        void router.invalidate().finally(() => setRetrying(false));
      }}
    />
  );
}
