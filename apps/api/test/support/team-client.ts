import { createClient, type Client } from '@connectrpc/connect';
import { createGrpcWebTransport } from '@connectrpc/connect-web';
import { TeamService } from '@stream/proto';

/** A TeamService client as a browser makes it (gRPC-web), optionally signed in. */
export function teamClient(baseUrl: string, token?: string): Client<typeof TeamService> {
  return createClient(
    TeamService,
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
