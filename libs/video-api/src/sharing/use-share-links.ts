import type { Transport } from '@connectrpc/connect';
import type { ShareLink } from '@stream/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changeErrorMessage } from '../errors/change-error-message';
import { changeShareLinkMutation } from './mutations';
import { listShareLinksQuery } from './queries';
import { shareLinkClient } from './share-link-client';

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
 * The owner's links of a video, as `@stream/ui`'s ShareLinksPanel props: ListShareLinks once the
 * video has a main link (`mainUrl`; a change to it, by ShareVideo, refreshes the list), and Create,
 * Update and Revoke, each refreshing the list.
 */
export function useShareLinks(transport: Transport, videoId: string, mainUrl: string) {
  const client = shareLinkClient(transport);
  const queryClient = useQueryClient();
  const list = useQuery({ ...listShareLinksQuery(transport, videoId), enabled: mainUrl !== '' });
  const change = useMutation(changeShareLinkMutation(transport, queryClient, videoId));
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
