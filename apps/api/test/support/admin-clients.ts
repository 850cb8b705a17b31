import { createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { AdminService, ApiKeyService } from '@stream/proto';

const transport = (baseUrl: string, token?: string) =>
  createConnectTransport({
    baseUrl,
    interceptors: [
      (next) => (request) => {
        if (token) request.header.set('authorization', `Bearer ${token}`);
        return next(request);
      },
    ],
  });

/** An AdminService client (Connect protocol), signed in with `token` (an ID token or an API key). */
export const adminClient = (baseUrl: string, token?: string): Client<typeof AdminService> =>
  createClient(AdminService, transport(baseUrl, token));

/** An ApiKeyService client (Connect protocol), signed in with `token`. */
export const apiKeyClient = (baseUrl: string, token?: string): Client<typeof ApiKeyService> =>
  createClient(ApiKeyService, transport(baseUrl, token));
