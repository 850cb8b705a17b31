import type { Client } from '@connectrpc/connect';
import { ConversationService } from '@stream/proto';
import { serviceClient } from './clients';

/** A ConversationService client as a browser makes it (gRPC-web), optionally signed in and holding a share token. */
export const conversationClient = (
  baseUrl: string,
  options: { token?: string; shareToken?: string } = {},
): Client<typeof ConversationService> =>
  serviceClient(ConversationService, baseUrl, {
    token: options.token,
    ...(options.shareToken ? { headers: { 'x-share-token': options.shareToken } } : {}),
  });
