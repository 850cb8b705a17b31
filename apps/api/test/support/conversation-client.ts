import { createClient, type Client } from '@connectrpc/connect';
import { createGrpcWebTransport } from '@connectrpc/connect-web';
import { ConversationService } from '@stream/proto';

/** A ConversationService client as a browser makes it (gRPC-web), optionally signed in and holding a share token. */
export function conversationClient(
  baseUrl: string,
  options: { token?: string; shareToken?: string } = {},
): Client<typeof ConversationService> {
  return createClient(
    ConversationService,
    createGrpcWebTransport({
      baseUrl,
      interceptors: [
        (next) => (request) => {
          if (options.token) request.header.set('authorization', `Bearer ${options.token}`);
          if (options.shareToken) request.header.set('x-share-token', options.shareToken);
          return next(request);
        },
      ],
    }),
  );
}
