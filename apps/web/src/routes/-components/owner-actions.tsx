import type { Transport } from '@connectrpc/connect';
import type { Video } from '@stream/proto';
import { DownloadLink } from '@stream/ui';
import { useState } from 'react';
import { DeleteVideoDialog } from './delete-video-dialog';
import { ShareVideoDialog } from './share-video-dialog';

/** The owner's buttons on a video's page: Share, Download, Delete. */
export function OwnerActions({
  video,
  transport,
  onDeleted,
}: {
  video: Video;
  transport: Transport;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState<'share' | 'delete'>();
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn btn-sm btn-primary" onClick={() => setOpen('share')}>
        Share
      </button>
      {video.url && <DownloadLink url={video.url} title={video.title} />}
      <button type="button" className="btn btn-sm btn-outline btn-error" onClick={() => setOpen('delete')}>
        Delete
      </button>
      {open === 'share' && <ShareVideoDialog video={video} transport={transport} onClose={() => setOpen(undefined)} />}
      {open === 'delete' && (
        <DeleteVideoDialog
          video={video}
          transport={transport}
          onClose={() => setOpen(undefined)}
          onDeleted={onDeleted}
        />
      )}
    </div>
  );
}
