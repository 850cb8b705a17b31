import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenVerifier } from '../platform/auth/token-verifier';
import { AccountError, type AccountRefusal } from './account';
import {
  PHOTO_MAX_BYTES,
  PHOTO_PATH,
  PhotoBusyError,
  tooLarge,
  type ProfilePhotoService,
} from './profile-photo.service';
import { closeAfterAnswer } from '../platform/http/early-answer';
import { httpCaller, sendUnauthenticated } from '../platform/auth/http-auth';

/** PUT the picture's bytes here (any image type) with an ID token: it becomes the caller's photo. */
export const PHOTO_UPLOAD_PATH = '/api/account/photo';

/** AccountRefusalReason's JSON name, as the RPCs' details carry it. */
const reasonName = (reason: AccountRefusal) => `ACCOUNT_REFUSAL_REASON_${reason.toUpperCase()}`;

/**
 * The profile photo. PUT /api/account/photo takes the picture as the body (at most
 * 5 MB: a larger declared length is refused before a byte is read, and an undeclared one as soon
 * as it passes) and answers `{ photoUrl }`, or `{ message, reason }` with 400 or 413, or `{ message }` with 429
 * and Retry-After when the person or the server has too many photos on the way.
 * GET /api/photos/<id>.jpg?signature=… serves a stored photo to anyone holding its signed URL.
 */
export async function registerProfilePhotoRoutes(
  app: FastifyInstance,
  deps: { photos: ProfilePhotoService; verifier: TokenVerifier },
) {
  const refuse = (request: FastifyRequest, reply: FastifyReply, error: AccountError) => {
    closeAfterAnswer(request, reply);
    return reply
      .code(error.reason === 'photo_too_large' ? 413 : 400)
      .send({ message: error.message, reason: reasonName(error.reason) });
  };

  await app.register(async (scope) => {
    // The body is read here, counted as it arrives.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.put(PHOTO_UPLOAD_PATH, async (request, reply) => {
      const caller = await httpCaller(deps.verifier, request, reply);
      if (!caller) return reply;
      if (caller.kind !== 'user') return sendUnauthenticated(reply);
      if (Number(request.headers['content-length'] ?? 0) > PHOTO_MAX_BYTES) return refuse(request, reply, tooLarge());
      const bytes = await readAtMost(request, PHOTO_MAX_BYTES);
      if (!bytes) return refuse(request, reply, tooLarge());
      try {
        return reply.send({ photoUrl: await deps.photos.set(caller.user, bytes) });
      } catch (error) {
        if (error instanceof AccountError) return refuse(request, reply, error);
        if (error instanceof PhotoBusyError)
          return reply
            .code(429)
            .header('retry-after', String(error.retryAfterSeconds))
            .send({ message: error.message });
        throw error;
      }
    });
  });

  app.get<{ Params: { file: string }; Querystring: { signature?: string } }>(
    `${PHOTO_PATH}/:file`,
    async (request, reply) => {
      const id = request.params.file.replace(/\.jpg$/, '');
      const opened = await deps.photos.open(id, request.query.signature);
      if (!opened) return reply.code(404).send({ message: 'No such photo' });
      return (
        reply
          .header('content-type', 'image/jpeg')
          .header('content-length', opened.info.size)
          // A photo's bytes never change under its id: a new photo gets a new URL.
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(await opened.stream())
      );
    },
  );
}

/**
 * The request body, or undefined once it passes `limit` bytes: the rest is left to
 * closeAfterAnswer, so the refusal still reaches the client.
 */
function readAtMost(request: FastifyRequest, limit: number): Promise<Buffer | undefined> {
  const raw = request.raw;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length <= limit) return void chunks.push(chunk);
      raw.off('data', onData).off('end', onEnd).off('error', reject);
      resolve(undefined);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    raw.on('data', onData).once('end', onEnd).once('error', reject);
  });
}
