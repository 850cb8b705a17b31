import type { Client } from '@connectrpc/connect';
import { LibraryService } from '@stream/proto';
import { serviceClient } from './clients';

/** A LibraryService client as a browser makes it (gRPC-web), optionally signed in. */
export const libraryClient = (baseUrl: string, token?: string): Client<typeof LibraryService> =>
  serviceClient(LibraryService, baseUrl, { token });
