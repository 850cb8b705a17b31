// A TCP port on 127.0.0.1 that was free a moment ago, for a child server to listen on.
import { createServer } from 'node:net';

/** Resolves with a port the OS just handed out and released (the caller binds it next). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
