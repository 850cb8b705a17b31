import type { Client } from '@connectrpc/connect';
import { TeamService } from '@stream/proto';
import { serviceClient } from './clients';

/** A TeamService client as a browser makes it (gRPC-web), optionally signed in. */
export const teamClient = (baseUrl: string, token?: string): Client<typeof TeamService> =>
  serviceClient(TeamService, baseUrl, { token });
