import { useEffect, useState } from 'react';
import { openSpoolStore } from '../spool/open-spool-store.ts';

/**
 * How many recordings wait unfinished on this computer, read again whenever `key` changes (the
 * page's path). Reads the local copies only, so a page can show it without loading the uploads.
 */
export function useUnfinishedRecordingCount(key: unknown): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    void openSpoolStore()
      .then((store) => store?.list() ?? [])
      .then((recordings) => live && setCount(recordings.filter((recording) => !recording.uploaded).length))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key]);
  return count;
}
