import type { ConnectError, Transport } from '@connectrpc/connect';
import { type CallToAction, CallToActionPlacement } from '@stream/proto';
import type { QueryClient, UseMutationOptions } from '@tanstack/react-query';
import { getVideoQuery } from '../videos/queries';
import type { CallToActionView } from './call-to-action';
import { shareLinkClient } from './share-link-client';
import { listShareLinksQuery } from './queries';

/** A change to one of the video's links (create, update, revoke: the call given); the list is then read again. */
export function changeShareLinkMutation(
  transport: Transport,
  queryClient: QueryClient,
  videoId: string,
): UseMutationOptions<unknown, ConnectError, () => Promise<unknown>> {
  return {
    mutationFn: (call) => call(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listShareLinksQuery(transport, videoId).queryKey }),
  };
}

/** SetCallToAction (undefined removes it); the video, which carries it to the player, is then read again. */
export function setCallToActionMutation(
  transport: Transport,
  queryClient: QueryClient,
  videoId: string,
): UseMutationOptions<CallToAction, ConnectError, CallToActionView | undefined> {
  return {
    mutationFn: (cta) =>
      shareLinkClient(transport).setCallToAction({
        videoId,
        callToAction: cta && {
          label: cta.label,
          url: cta.url,
          placement: cta.placement === 'throughout' ? CallToActionPlacement.THROUGHOUT : CallToActionPlacement.END,
        },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: getVideoQuery(transport, videoId).queryKey }),
  };
}
