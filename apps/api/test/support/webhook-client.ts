import { createClient, type Client } from '@connectrpc/connect';
import { createGrpcWebTransport } from '@connectrpc/connect-web';
import { WebhookService } from '@stream/proto';

/** A WebhookService client as a browser makes it (gRPC-web), signed in with `token`. */
export function webhookClient(baseUrl: string, token?: string): Client<typeof WebhookService> {
  return createClient(
    WebhookService,
    createGrpcWebTransport({
      baseUrl,
      interceptors: [
        (next) => (request) => {
          if (token) request.header.set('authorization', `Bearer ${token}`);
          return next(request);
        },
      ],
    }),
  );
}
