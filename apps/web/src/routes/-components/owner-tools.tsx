import type { Transport } from '@connectrpc/connect';
import { Status, type Video } from '@stream/proto';
import { OwnerActions, VideoEditPanel, VideoOrganise } from '@stream/ui';
import { originalFileOf, useOrganiseVideo, type useVideoEdits } from '@stream/video-api';
import { DeleteVideoDialog, MoveToTeamVideosDialog, ShareVideoDialog } from './video-dialogs';

interface OwnerProps {
  video: Video;
  transport: Transport;
  /** The video's editing (`useVideoEdits`); its trim editor is the page's stage while trimming. */
  edits: ReturnType<typeof useVideoEdits>;
}

/** What the owner has below a video: editing (once READY) and organising. */
export function OwnerTools({ video, transport, edits }: OwnerProps) {
  return (
    <>
      {video.status === Status.READY && <VideoEditPanel {...edits} />}
      <VideoOrganise {...useOrganiseVideo(transport, video)} />
    </>
  );
}

/** The owner's buttons beside the title: Share, Edit video (once READY), Download, Move to team, Delete. */
export function OwnerTopActions({ video, transport, edits, onDeleted }: OwnerProps & { onDeleted: () => void }) {
  return (
    <OwnerActions
      title={video.title}
      url={video.url}
      mp4Url={video.mp4Url || undefined}
      original={originalFileOf(video)}
      onEditVideo={video.status === Status.READY ? edits.onTrim : undefined}
      renderShare={(close) => <ShareVideoDialog video={video} transport={transport} onClose={close} />}
      renderMoveToTeam={(close) => (
        <MoveToTeamVideosDialog videoIds={[video.id]} current={video.teamId} transport={transport} onClose={close} />
      )}
      renderDelete={(close) => (
        <DeleteVideoDialog video={video} transport={transport} onClose={close} onDeleted={onDeleted} />
      )}
    />
  );
}
