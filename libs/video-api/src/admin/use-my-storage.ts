import type { Transport } from '@connectrpc/connect';
import { useQuery } from '@tanstack/react-query';
import { adminErrorMessage } from './admin-error-message';
import { myStorageQuery } from './queries';
import { bytesLabel } from './bytes-label';

/** /settings#storage as `@stream/ui`'s `StorageSection` props: bytes used against the quota, videos by size. */
export function useMyStorage(transport: Transport) {
  const storage = useQuery(myStorageQuery(transport));
  const data = storage.data;
  return {
    loading: storage.isPending,
    loadError: storage.error ? adminErrorMessage(storage.error) : undefined,
    used: data ? bytesLabel(data.usedBytes) : undefined,
    quota: data && data.quotaBytes > 0n ? bytesLabel(data.quotaBytes) : undefined,
    /** 0-100 of the quota used; undefined when unlimited. */
    percent:
      data && data.quotaBytes > 0n
        ? Math.min(100, Math.round((Number(data.usedBytes) / Number(data.quotaBytes)) * 100))
        : undefined,
    videos: (data?.videos ?? []).map((video) => ({
      id: video.videoId,
      title: video.title || 'Untitled',
      size: bytesLabel(video.sizeBytes),
    })),
  };
}

export type MyStorage = ReturnType<typeof useMyStorage>;
