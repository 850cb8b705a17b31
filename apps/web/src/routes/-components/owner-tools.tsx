import type { Transport } from '@connectrpc/connect';
import { Status, type Video } from '@stream/proto';
import { OwnerActions, VideoEditPanel, VideoOrganise } from '@stream/ui';
import { useOrganiseVideo, useVideoEdits } from '@stream/video-api';
import { useWaveform } from './use-waveform';
import { DeleteVideoDialog, ShareVideoDialog } from './video-dialogs';

/** What the owner has below a video: editing (once READY), organising, Share, Download and Delete. */
export function OwnerTools({
  video,
  transport,
  onDeleted,
}: {
  video: Video;
  transport: Transport;
  onDeleted: () => void;
}) {
  return (
    <>
      {video.status === Status.READY && <EditPanel key={video.id} video={video} transport={transport} />}
      <VideoOrganise {...useOrganiseVideo(transport, video)} />
      <OwnerActions
        title={video.title}
        url={video.url}
        renderShare={(close) => <ShareVideoDialog video={video} transport={transport} onClose={close} />}
        renderDelete={(close) => (
          <DeleteVideoDialog video={video} transport={transport} onClose={close} onDeleted={onDeleted} />
        )}
      />
    </>
  );
}

function EditPanel({ video, transport }: { video: Video; transport: Transport }) {
  const edits = useVideoEdits(transport, video);
  const waveform = useWaveform(edits.trimming ? video.originalUrl : undefined, Number(video.sizeBytes));
  return <VideoEditPanel {...edits} waveform={waveform} />;
}
