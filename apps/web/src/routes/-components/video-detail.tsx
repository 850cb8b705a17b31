import { useSession } from '@stream/auth';
import { Status } from '@stream/proto';
import { LoadError, VideoEditor, ViewCount, formatVideoDate } from '@stream/ui';
import {
  describeVideoError,
  getVideoQuery,
  isVideoNotFound,
  refetchWhileApplying,
  refetchWhileProcessing,
  updateVideoMutation,
} from '@stream/video-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { OwnerActions } from './owner-actions';
import { changeErrorMessage } from './video-errors';
import { createdAtOf } from './video-props';
import { VideoOrganise } from './video-organise';
import { VideoStage } from './video-stage';
import { VideoEditPanel } from './video-edit-panel';

const route = getRouteApi('/_authed/video/$id');

/**
 * One video: title, player, description, upload date and views; for its owner, the title and
 * description edited in place, Share, Download and Delete. The route's loader has it in the cache;
 * a PROCESSING one is asked for again until it is done.
 */
export function VideoDetail({ videoId, startEditing = false }: { videoId: string; startEditing?: boolean }) {
  const { transport, session } = route.useRouteContext();
  const { user } = useSession(session);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const update = useMutation(updateVideoMutation(transport, queryClient));
  const query = useQuery({
    ...getVideoQuery(transport, videoId),
    refetchInterval: (q) => refetchWhileProcessing(q.state.data) || refetchWhileApplying(q.state.data),
  });

  if (query.isPending) return <p>Loading...</p>;
  if (query.isError && query.data === undefined) {
    if (isVideoNotFound(query.error)) return <VideoNotFound />;
    return (
      <LoadError
        message={describeVideoError(query.error).message}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  }
  const video = query.data;
  if (!video) return <VideoNotFound />;

  const isOwner = user !== null && user.id === video.userId;
  return (
    <article className="flex max-w-4xl flex-col gap-4">
      {isOwner ? (
        <VideoEditor
          key={`${video.title}\n${video.description}`}
          title={video.title}
          description={video.description}
          startEditing={startEditing}
          onSave={async (changes) => {
            try {
              await update.mutateAsync({ videoId: video.id, ...changes, visibility: video.visibility });
            } catch (error) {
              throw new Error(changeErrorMessage(error));
            }
          }}
        />
      ) : (
        <h1 className="text-2xl font-bold break-words">{video.title || 'Untitled video'}</h1>
      )}
      <VideoStage video={video} onPlayerError={() => void query.refetch()} />
      {video.description && <p className="whitespace-pre-line text-base-content/80">{video.description}</p>}
      <div className="flex flex-wrap items-center gap-x-4 text-sm text-base-content/60">
        <p>Uploaded on {formatVideoDate(createdAtOf(video))}</p>
        <ViewCount count={Number(video.viewCount)} />
      </div>
      {isOwner && video.status === Status.READY && <VideoEditPanel video={video} transport={transport} />}
      {isOwner && <VideoOrganise video={video} transport={transport} />}
      {isOwner && (
        <OwnerActions video={video} transport={transport} onDeleted={() => void navigate({ to: '/videos' })} />
      )}
    </article>
  );
}

export function VideoNotFound() {
  return (
    <div className="flex flex-col items-start gap-3">
      <h1 className="text-2xl font-bold">Video not found</h1>
      <p className="text-base-content/70">It may have been deleted, or it belongs to someone else.</p>
      <Link to="/videos" className="btn btn-sm">
        Back to Videos
      </Link>
    </div>
  );
}
