import type { Client } from '@connectrpc/connect';
import { EditService } from '@stream/proto';
import { serviceClient } from './clients';

/** An EditService client as the browser makes it (gRPC-web), optionally signed in. */
export const editClient = (baseUrl: string, token?: string): Client<typeof EditService> =>
  serviceClient(EditService, baseUrl, { token });
