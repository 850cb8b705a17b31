import { useSession } from '@stream/auth';
import type { Transport } from '@connectrpc/connect';
import { Status, type Video } from '@stream/proto';
import { LoadError, TrimEditor, useWaveform, VideoEditor, VideoNotFound, VideoPageView, VideoStage } from '@stream/ui';
import {
  createdAtOf,
  isVideoNotFound,
  loadErrorOf,
  showsTranscript,
  stageOf,
  useSaveDetails,
  useVideo,
  useVideoEdits,
} from '@stream/video-api';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { OwnerTools, OwnerTopActions } from './owner-tools';
import { PlayerArea } from './player-area';
import { RouterLink } from './router-link';

const route = getRouteApi('/_authed/video/$id');

/**
 * One video: title, player, description, upload date and views; for its owner, the title and
 * description edited in place and the owner's tools. The route's loader has it in the cache;
 * a PROCESSING one (or one whose edit renders) is asked for again until it is done.
 */
export function VideoDetail({
  videoId,
  startEditing = false,
  startInEditor = false,
  startAt,
}: {
  videoId: string;
  startEditing?: boolean;
  /** The editor open (trims, cuts, annotations), once the video is READY; startEditing: the title. */
  startInEditor?: boolean;
  /** Where playback starts (`?t=`). */
  startAt?: number;
}) {
  const { transport, session } = route.useRouteContext();
  const { user } = useSession(session);
  const navigate = useNavigate();
  const saveDetails = useSaveDetails(transport);
  const query = useVideo(transport, videoId, { whileApplying: true });

  if (query.isPending) return <p>Loading...</p>;
  if (query.isError && query.data === undefined) {
    if (isVideoNotFound(query.error)) return <VideoNotFound LinkComponent={RouterLink} />;
    return <LoadError {...loadErrorOf(query)} />;
  }
  const video = query.data;
  if (!video) return <VideoNotFound LinkComponent={RouterLink} />;
  const isOwner = user !== null && user.id === video.userId;
  return (
    <LoadedVideo
      key={video.id}
      video={video}
      isOwner={isOwner}
      myUid={user?.id}
      transport={transport}
      startEditing={startEditing}
      startInEditor={startInEditor}
      startAt={startAt}
      onSave={(changes) => saveDetails(video, changes)}
      onPlayerError={() => void query.refetch()}
      onDeleted={() => void navigate({ to: '/videos' })}
    />
  );
}

/** The page of a loaded video; in edit mode the trim editor (one player, its timeline under it) is the stage. */
function LoadedVideo(props: {
  video: Video;
  isOwner: boolean;
  myUid?: string;
  transport: Transport;
  startEditing: boolean;
  startInEditor: boolean;
  startAt?: number;
  onSave: Parameters<typeof VideoEditor>[0]['onSave'];
  onPlayerError: () => void;
  onDeleted: () => void;
}) {
  const { video, isOwner, transport } = props;
  const edits = useVideoEdits(transport, video, { startTrimming: props.startInEditor });
  const trim = isOwner && video.status === Status.READY && edits.trimming ? edits.trim : undefined;
  const waveform = useWaveform(trim ? video.originalUrl : undefined, Number(video.sizeBytes));
  const [player, setPlayer] = useState<HTMLVideoElement | null>(null);
  return (
    <VideoPageView
      {...video}
      createdAt={createdAtOf(video)}
      views={Number(video.viewCount)}
      stage={
        trim ? (
          <TrimEditor {...trim} waveform={waveform} />
        ) : (
          <PlayerArea
            video={video}
            transport={transport}
            myUid={props.myUid}
            isOwner={isOwner}
            signInHref="/login"
            transcript={showsTranscript(video, isOwner)}
            player={player}
          >
            <VideoStage
              {...stageOf(video)}
              startAt={props.startAt}
              onVideoElement={setPlayer}
              onPlayerError={props.onPlayerError}
            />
          </PlayerArea>
        )
      }
      actions={
        isOwner && <OwnerTopActions video={video} transport={transport} edits={edits} onDeleted={props.onDeleted} />
      }
      editor={
        isOwner && (
          <VideoEditor
            key={`${video.title}\n${video.description}`}
            title={video.title}
            description={video.description}
            startEditing={props.startEditing}
            onSave={props.onSave}
          />
        )
      }
    >
      {isOwner && <OwnerTools video={video} transport={transport} edits={edits} />}
    </VideoPageView>
  );
}
