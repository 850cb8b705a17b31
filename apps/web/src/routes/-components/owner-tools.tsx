import type { Transport } from '@connectrpc/connect';
import { Status, type Video } from '@stream/proto';
import { OwnerActions, VideoEditPanel, VideoOrganise } from '@stream/ui';
import { originalFileOf, useOrganiseVideo, type useVideoEdits } from '@stream/video-api';
import { DeleteVideoDialog, MoveToTeamVideosDialog, ShareVideoDialog } from './video-dialogs';

/** What the owner has below a video: editing (once READY), organising, Share, Download and Delete. */
export function OwnerTools({
  video,
  transport,
  edits,
  onDeleted,
}: {
  video: Video;
  transport: Transport;
  /** The video's editing (`useVideoEdits`); its trim editor is the page's stage while trimming. */
  edits: ReturnType<typeof useVideoEdits>;
  onDeleted: () => void;
}) {
  return (
    <>
      {video.status === Status.READY && <VideoEditPanel {...edits} />}
      <VideoOrganise {...useOrganiseVideo(transport, video)} />
      <OwnerActions
        title={video.title}
        url={video.url}
        mp4Url={video.mp4Url || undefined}
        original={originalFileOf(video)}
        renderShare={(close) => <ShareVideoDialog video={video} transport={transport} onClose={close} />}
        renderMoveToTeam={(close) => (
          <MoveToTeamVideosDialog videoIds={[video.id]} current={video.teamId} transport={transport} onClose={close} />
        )}
        renderDelete={(close) => (
          <DeleteVideoDialog video={video} transport={transport} onClose={close} onDeleted={onDeleted} />
        )}
      />
    </>
  );
}
