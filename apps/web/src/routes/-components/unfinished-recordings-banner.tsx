import { openSpoolStore } from '@stream/recorder';
import { UnfinishedBanner } from '@stream/ui';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/** On every page but /record (which lists them itself): recordings left unfinished on this computer. */
export function UnfinishedRecordingsBanner({ pathname }: { pathname: string }) {
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
  }, [pathname]);
  if (pathname === '/record') return null;
  return (
    <UnfinishedBanner count={count}>
      <Link to="/record" className="btn btn-sm">
        Open Record
      </Link>
    </UnfinishedBanner>
  );
}
