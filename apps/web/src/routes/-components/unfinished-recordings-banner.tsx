import { useUnfinishedRecordingCount } from '@stream/recording-uploads/react';
import { UnfinishedBanner } from '@stream/ui';
import { Link } from '@tanstack/react-router';

/** On every page but /record (which lists them itself): recordings left unfinished on this computer. */
export function UnfinishedRecordingsBanner({ pathname }: { pathname: string }) {
  const count = useUnfinishedRecordingCount(pathname);
  if (pathname === '/record') return null;
  return (
    <UnfinishedBanner count={count}>
      <Link to="/record" className="btn btn-sm">
        Open Record
      </Link>
    </UnfinishedBanner>
  );
}
