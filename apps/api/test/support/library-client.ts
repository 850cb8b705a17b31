import { createClient, type Client } from '@connectrpc/connect';
import { createGrpcWebTransport } from '@connectrpc/connect-web';
import { LibraryService } from '@stream/proto';

/** A LibraryService client as a browser makes it (gRPC-web), optionally signed in. */
export function libraryClient(baseUrl: string, token?: string): Client<typeof LibraryService> {
  return createClient(
    LibraryService,
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
