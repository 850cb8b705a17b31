import { createClient, type Client } from '@connectrpc/connect';
import { createGrpcWebTransport } from '@connectrpc/connect-web';
import { EditService } from '@stream/proto';

/** An EditService client as the browser makes it (gRPC-web), optionally signed in. */
export function editClient(baseUrl: string, token?: string): Client<typeof EditService> {
  return createClient(
    EditService,
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
