import { LoadError } from '@stream/ui';
import { describeVideoError } from '@stream/video-api';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';

/** A loader's failure in words a person can act on, with a Retry; a refusal (403) says `denied`, with none. */
export function RouteLoadError({ error, denied, title }: { error: unknown; denied?: string; title?: string }) {
  const router = useRouter();
  const [retrying, setRetrying] = useState(false);
  const { httpStatus, message } = describeVideoError(error);
  if (httpStatus === 403) return <LoadError title={title} message={denied ?? message} />;
  return (
    <LoadError
      title={title}
      message={message}
      retrying={retrying}
      onRetry={() => {
        setRetrying(true);
        void router.invalidate().finally(() => setRetrying(false));
      }}
    />
  );
}
