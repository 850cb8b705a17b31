import { createClient, type Client } from '@connectrpc/connect';
import { createGrpcWebTransport } from '@connectrpc/connect-web';
import { AccountService } from '@stream/proto';

/** An AccountService client as a browser makes it (gRPC-web), signed in with `token`. */
export function accountClient(baseUrl: string, token?: string): Client<typeof AccountService> {
  return createClient(
    AccountService,
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
