import { createClient, type Transport } from '@connectrpc/connect';
import { ShareLinkService } from '@stream/proto';
import { SHARE_TOKEN_HEADER } from '../videos/queries';

/** The ShareLinkService over the app's transport. */
export const shareLinkClient = (transport: Transport) => createClient(ShareLinkService, transport);

/** A click on the video's call to action, sent by way of the link the viewer came by. */
export const recordCallToActionClick = (
  transport: Transport,
  input: { videoId: string; viewerId: string; shareToken?: string },
) =>
  shareLinkClient(transport).recordCallToActionClick(
    { videoId: input.videoId, viewerId: input.viewerId },
    input.shareToken ? { headers: { [SHARE_TOKEN_HEADER]: input.shareToken } } : undefined,
  );
