import { getVideoQuery, isVideoNotFound } from '@stream/video-api';
import { createFileRoute } from '@tanstack/react-router';
import { RouteLoadError } from '../-components/route-load-error';
import { VideoNotFound } from '@stream/ui';
import { VideoDetail } from '../-components/video-detail';
import { RouterLink } from '../-components/router-link';
import { startTimeOf } from '../-components/start-time';

/** A card menu's choices on /videos: `?edit=true` opens the editor (Edit video), `?rename=true` the title. */
interface VideoSearch {
  edit?: boolean;
  rename?: boolean;
  /** Start playback at this second (a search result names the moment that matched). */
  t?: number;
}

export const Route = createFileRoute('/_authed/video/$id')({
  validateSearch: (search: Record<string, unknown>): VideoSearch => {
    const t = startTimeOf(search.t);
    const on = (value: unknown) => value === true || value === 'true';
    return { ...(on(search.edit) && { edit: true }), ...(on(search.rename) && { rename: true }), ...(t && { t }) };
  },
  loader: ({ context: { queryClient, transport }, params }) =>
    queryClient.ensureQueryData(getVideoQuery(transport, params.id)),
  // docs/product.md, Screens: "Loading..." until the video arrives, from the first moment.
  pendingComponent: () => <p>Loading...</p>,
  pendingMs: 0,
  errorComponent: ({ error }) =>
    isVideoNotFound(error) ? <VideoNotFound LinkComponent={RouterLink} /> : <RouteLoadError error={error} />,
  component: VideoPage,
});

function VideoPage() {
  const { id } = Route.useParams();
  const { edit, rename, t } = Route.useSearch();
  // Keyed: another video starts with a fresh player, not at the last one's time.
  return <VideoDetail key={id} videoId={id} startInEditor={edit === true} startEditing={rename === true} startAt={t} />;
}
