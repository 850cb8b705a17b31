import type { FastifyInstance } from 'fastify';
import type { TokenVerifier } from '../platform/auth/token-verifier';
import type { NotificationService } from './notification.service';
import { httpCaller, sendUnauthenticated } from '../platform/auth/http-auth';

/** Where the top bar's bell asks for the unread count. */
export const UNREAD_PATH = '/api/notifications/unread';

/**
 * GET /api/notifications/unread → `{ "unread": n }` for the signed-in caller. The same
 * count as ListNotifications, over plain HTTP: the bell is on every signed-in page, and fetching a
 * number must not load the RPC client into the first page (its size budget).
 */
export function registerNotificationRoutes(
  app: FastifyInstance,
  deps: { verifier: TokenVerifier; notifications: Pick<NotificationService, 'unreadCount'> },
) {
  app.get(UNREAD_PATH, async (request, reply) => {
    const caller = await httpCaller(deps.verifier, request, reply);
    if (!caller) return reply;
    if (caller.kind !== 'user') return sendUnauthenticated(reply);
    const unread = await deps.notifications.unreadCount(caller.user);
    return reply.header('cache-control', 'no-store').send({ unread });
  });
}
