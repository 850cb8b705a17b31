import { useSession } from '@stream/auth';
import { LoadError, VideoEditor, VideoNotFound, VideoPageView, VideoStage } from '@stream/ui';
import { createdAtOf, isVideoNotFound, loadErrorOf, stageOf, useSaveDetails, useVideo } from '@stream/video-api';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { OwnerTools } from './owner-tools';
import { RouterLink } from './router-link';

const route = getRouteApi('/_authed/video/$id');

/**
 * One video: title, player, description, upload date and views; for its owner, the title and
 * description edited in place and the owner's tools. The route's loader has it in the cache;
 * a PROCESSING one (or one whose edit renders) is asked for again until it is done.
 */
export function VideoDetail({ videoId, startEditing = false }: { videoId: string; startEditing?: boolean }) {
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
    <VideoPageView
      {...video}
      createdAt={createdAtOf(video)}
      views={Number(video.viewCount)}
      stage={<VideoStage {...stageOf(video)} onPlayerError={() => void query.refetch()} />}
      editor={
        isOwner && (
          <VideoEditor
            key={`${video.title}\n${video.description}`}
            title={video.title}
            description={video.description}
            startEditing={startEditing}
            onSave={(changes) => saveDetails(video, changes)}
          />
        )
      }
    >
      {isOwner && <OwnerTools video={video} transport={transport} onDeleted={() => void navigate({ to: '/videos' })} />}
    </VideoPageView>
  );
}
