import type { Transport } from '@connectrpc/connect';
import type { ShareLink } from '@stream/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changeErrorMessage } from '../errors/change-error-message';
import { retryVideoCall } from '../errors/retry-video-call';
import { shareLinkClient, shareLinksKey } from './share-link-client';

/** A link as `@stream/ui`'s ShareLinksPanel lists it. */
const rowOf = (link: ShareLink) => ({
  id: link.id,
  name: link.name,
  url: link.url,
  hasPassword: link.hasPassword,
  emailGate: link.emailGate,
  viewCount: Number(link.viewCount),
});

/**
 * The owner's links of a video, as `@stream/ui`'s ShareLinksPanel props: ListShareLinks (again
 * once `mainUrl`, the main link, changes), and Create, Update and Revoke, each refreshing the list.
 */
export function useShareLinks(transport: Transport, videoId: string, mainUrl: string) {
  const client = shareLinkClient(transport);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: [...shareLinksKey(videoId), mainUrl],
    queryFn: () => client.listShareLinks({ videoId }),
    retry: retryVideoCall,
    enabled: mainUrl !== '',
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: shareLinksKey(videoId) });
  const change = useMutation({
    mutationFn: (call: () => Promise<unknown>) => call(),
    onSuccess: refresh,
  });
  const error = change.error ?? list.error;
  return {
    links: (list.data?.links ?? []).map(rowOf),
    busy: change.isPending,
    error: error ? changeErrorMessage(error) : undefined,
    onCreate: (input: { name: string; password: string; emailGate: boolean }) =>
      change.mutate(() => client.createShareLink({ videoId, ...input })),
    onSetPassword: (linkId: string, password: string) =>
      change.mutate(() => client.updateShareLink({ videoId, linkId, password })),
    onSetEmailGate: (linkId: string, on: boolean) =>
      change.mutate(() => client.updateShareLink({ videoId, linkId, emailGate: on })),
    onRevoke: (linkId: string) => change.mutate(() => client.revokeShareLink({ videoId, linkId })),
  };
}
