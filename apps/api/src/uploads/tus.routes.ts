import type { IncomingMessage } from 'node:http';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { cleanDisplayText } from '@stream/proto';
import type { TokenVerifier } from '../platform/auth/token-verifier';
import type { User } from '../platform/auth/user';
import { ACCEPTED_CONTAINERS, MAX_TITLE_LENGTH } from '../videos';
import { AppError } from '../platform/app-error';
import type { OwnUpload, ResumableUploadService } from './resumable-upload.service';
import { QUOTA_EXCEEDED, QuotaExceededError } from '../videos';
import type { QuotaService } from '../videos';
import { isDiskFull } from '../platform/rate-limits/transient-failures';
import { closeAfterAnswer } from '../platform/http/early-answer';
import { refuseCaller, routeAuthentication } from '../platform/auth/http-auth';
import type { RateLimits } from '../platform/rate-limits/rate-limits';
import type { TusStorage } from './tus-files';
import { writePatchBodiesFromNode } from './tus-node-bodies';

export const TUS_PATH = '/api/uploads';
/** Answers the creation and every HEAD/PATCH of an upload: the id of the video it makes. */
export const VIDEO_ID_HEADER = 'Stream-Video-Id';
/** Names why a request was refused when its status alone does not (`quota_exceeded`, on a 413). */
export const REFUSAL_HEADER = 'Stream-Refusal';
const TUS_CONTENT_TYPE = 'application/offset+octet-stream';

export interface TusRoutesDeps {
  uploads: ResumableUploadService;
  verifier: TokenVerifier;
  /**
   * Where uploads in progress wait for their last byte: this API node's disk (DATA_DIR/uploads,
   * TusFiles) or, in S3 mode, the bucket (TusObjects).
   */
  storage: TusStorage;
  maxUploadBytes: number;
  limits: Pick<RateLimits, 'tusCreation'>;
  /** Storage quotas: checked at creation (Upload-Length) and on every PATCH. */
  quota: QuotaService;
  log: Logger;
}

/**
 * tus 1.0 at /api/uploads/ (creation, creation-defer-length, termination): a recording arrives
 * while it is made. Every request is authenticated here before tus sees it; an upload answers only
 * its owner (anyone else: 404, as for videos). Creating one (at most TUS_CREATION_LIMIT per person)
 * creates its video (PROCESSING) once tus has accepted it, and answers its id in `Stream-Video-Id`;
 * the last PATCH (with Upload-Length) hands the file to the media layer and processing. Returns
 * the storage, for the expiry sweep.
 */
export async function registerTusRoutes(app: FastifyInstance, deps: TusRoutesDeps): Promise<TusStorage> {
  const { storage } = deps;
  /** The caller and response of each creation request, for the naming hook (tus hands it only the request). */
  const creations = new WeakMap<IncomingMessage, { user: User; response: FastifyReply['raw'] }>();
  const nodeRequest = (req: unknown) => (req as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;
  /**
   * The room left to the caller of each PATCH, read once by the quota check, for the size limit
   * (tus hands it only the request).
   */
  const patchRooms = new WeakMap<IncomingMessage, number>();

  const { datastore } = storage;
  const tus = new Server({
    path: TUS_PATH,
    datastore,
    // A PATCH's body stops at its owner's room (a body of undeclared length passed the check below
    // with one byte to spare). The upload's own bytes are not stored yet, so the room is all its.
    maxSize: (req) => {
      const raw = nodeRequest(req);
      const room = raw && patchRooms.get(raw);
      if (room === undefined) return deps.maxUploadBytes;
      return Math.max(1, Math.min(deps.maxUploadBytes, room));
    },
    relativeLocation: true,
    // The upload's id is its video's id: the row exists before the first byte, but only once tus
    // has checked the creation (its headers, its length against maxSize): a refused one makes none.
    namingFunction: () => deps.uploads.newId(),
    onUploadCreate: async (req, upload) => {
      const raw = nodeRequest(req);
      const creation = raw && creations.get(raw);
      if (!creation) throw new Error('A tus creation without its caller');
      // Metadata from any client, not a form: cleaned to what a typed title may hold, not refused.
      const title = cleanDisplayText(upload.metadata?.title ?? '').slice(0, MAX_TITLE_LENGTH);
      await deps.uploads.start(creation.user, upload.id, { title });
      creation.response.setHeader(VIDEO_ID_HEADER, upload.id); // Node merges it into tus's own headers
      return {};
    },
    onUploadFinish: async (_req, upload: Upload) => finish(upload),
    onResponseError: (_req, error) => {
      if ('status_code' in error) return undefined;
      if (isDiskFull(error)) {
        deps.log.warn({ err: error }, 'tus upload met a full disk');
        return { status_code: 507, body: 'The server has no room for this upload right now; try again later\n' };
      }
      deps.log.error({ err: error }, 'tus upload failed');
      return { status_code: 500, body: 'Internal error\n' };
    },
  });
  writePatchBodiesFromNode(tus);

  /** Finishes in progress, by upload id: a HEAD or a retried PATCH arriving meanwhile waits for the same one. */
  const finishing = new Map<string, Promise<object>>();
  function finish(upload: Upload): Promise<object> {
    let done = finishing.get(upload.id);
    if (!done) {
      done = finishOnce(upload).finally(() => finishing.delete(upload.id));
      finishing.set(upload.id, done);
    }
    return done;
  }

  async function finishOnce(upload: Upload) {
    if (upload.size === undefined) throw { status_code: 500, body: 'Upload has no length\n' };
    if (!(await storage.isVideo(upload))) {
      await deps.uploads.reject(upload.id);
      await storage.remove(upload.id);
      throw { status_code: 415, body: `Not a video file: Stream takes ${ACCEPTED_CONTAINERS}\n` };
    }
    try {
      await deps.uploads.finish(upload.id, storage.bytesOf(upload), upload.size);
    } catch (error) {
      // The bytes stay where they are: the client's next HEAD or PATCH finishes it (see handle).
      deps.log.error(
        { err: error, videoId: upload.id },
        'could not finish an upload; it will be finished when asked again',
      );
      throw { status_code: 503, body: 'The upload is complete but could not be finished yet; try again\n' };
    }
    await storage.remove(upload.id);
    return {};
  }

  /**
   * An upload whose every byte arrived but whose finishing failed (the database down at that
   * moment, or the process killed in the middle): tus holds it as complete, the video waits.
   * Finished now, before answering, so the client learns it is complete only once it is.
   */
  async function completeButNotFinished(id: string): Promise<Upload | undefined> {
    const upload = await datastore.getUpload(id).catch(() => undefined);
    return upload?.size !== undefined && upload.offset === upload.size ? upload : undefined;
  }

  const handle = async (request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) => {
    reply.header('tus-resumable', '1.0.0');
    if (request.method === 'OPTIONS') return pass(request, reply);
    const auth = await routeAuthentication(deps.verifier, request);
    if (auth.kind !== 'user') {
      closeAfterAnswer(request, reply);
      return refuseCaller(reply, auth);
    }
    const id = request.params.id;
    if (id === undefined) {
      if (request.method !== 'POST') return refuse(request, reply, 405, 'Create an upload with POST');
      const check = await deps.limits.tusCreation(auth.user);
      if (!check.allowed) {
        reply.header('retry-after', String(check.retryAfterSeconds));
        return refuse(request, reply, 429, 'Too many uploads started; try again later');
      }
      const declared = request.headers['upload-length'];
      // A length declared later (a recording) needs room for a byte now; the PATCHes check the rest.
      const quota = await checkQuota(request, reply, auth.user, declared === undefined ? 1 : Number(declared));
      if (quota.refused) return quota.refused;
      creations.set(request.raw, { user: auth.user, response: reply.raw });
      return pass(request, reply);
    }
    if (request.method === 'POST') return refuse(request, reply, 405, 'POST creates uploads at /api/uploads/');
    let own: OwnUpload;
    try {
      own = await deps.uploads.own(auth.user, id);
    } catch (error) {
      if (error instanceof AppError) return refuse(request, reply, 404, 'No such upload');
      throw error;
    }
    reply.header(VIDEO_ID_HEADER, id);
    if (request.method === 'PATCH' && request.headers['content-type'] !== TUS_CONTENT_TYPE)
      return refuse(request, reply, 415, `PATCH needs Content-Type: ${TUS_CONTENT_TYPE}`);
    if (!own.active) return answerFinished(request, reply, own.length);
    if (request.method === 'DELETE') {
      await deps.uploads.abandon(auth.user, id);
      await storage.remove(id);
      return reply.code(204).send();
    }
    const mayFinish = request.method === 'HEAD' || (request.method === 'PATCH' && hasEmptyBody(request));
    const complete = mayFinish ? await completeButNotFinished(id) : undefined;
    if (complete) {
      try {
        await finish(complete);
      } catch (error) {
        const { status_code = 500, body = 'Internal error\n' } = error as { status_code?: number; body?: string };
        return refuse(request, reply, status_code, body.trim());
      }
      return answerFinished(request, reply, complete.size!);
    }
    if (request.method === 'PATCH') {
      const quota = await checkQuota(request, reply, auth.user, patchReach(request));
      if (quota.refused) return quota.refused;
      patchRooms.set(request.raw, quota.room);
      await deps.uploads.touch(id, !hasEmptyBody(request));
    }
    return pass(request, reply);
  };

  /**
   * Refuses (413, Stream-Refusal: quota_exceeded) an upload that would reach `bytes` past its
   * owner's quota; the upload in progress stays as it was, for its owner to delete or keep locally.
   * Else the room the owner had (Infinity: no quota), which tus's maxSize takes as it is: read
   * twice, it cost a PATCH two more statements.
   */
  async function checkQuota(
    request: FastifyRequest,
    reply: FastifyReply,
    user: User,
    bytes: number,
  ): Promise<{ refused: FastifyReply; room?: undefined } | { refused?: undefined; room: number }> {
    if (!Number.isFinite(bytes) || bytes < 0) return { room: await deps.quota.room(user.uid) }; // malformed: tus answers it
    try {
      return { room: await deps.quota.check(user.uid, bytes) };
    } catch (error) {
      if (!(error instanceof QuotaExceededError)) throw error;
      reply.header(REFUSAL_HEADER, QUOTA_EXCEEDED);
      return { refused: refuse(request, reply, 413, error.message) };
    }
  }

  /** A finished upload: HEAD and a repeated last PATCH learn it is complete; nothing changes it. */
  function answerFinished(request: FastifyRequest, reply: FastifyReply, length: number) {
    reply.header('cache-control', 'no-store');
    if (request.method === 'HEAD')
      return reply.code(200).header('upload-offset', String(length)).header('upload-length', String(length)).send();
    const empty = Number(request.headers['content-length'] ?? 0) === 0;
    if (request.method === 'PATCH' && empty && request.headers['upload-offset'] === String(length))
      return reply.code(204).header('upload-offset', String(length)).send();
    return refuse(request, reply, 403, 'This upload is finished and can no longer change');
  }

  async function pass(request: FastifyRequest, reply: FastifyReply) {
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    try {
      await tus.handle(request.raw, reply.raw);
    } catch (error) {
      deps.log.error({ err: error }, 'tus request failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
      else reply.raw.destroy();
    }
  }

  await app.register(
    async (scope) => {
      // tus reads the body itself; every type reaches the route unread (a wrong one gets 415 there).
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;
      scope.route({ method: [...methods], url: '/', handler: handle });
      scope.route({ method: [...methods], url: '/:id', handler: handle });
    },
    { prefix: TUS_PATH },
  );
  return storage;
}

/**
 * How many bytes the upload holds once this PATCH is through: its offset and its body (a body of
 * undeclared length counts as one byte here; tus's maxSize stops the rest), or its declared length.
 */
function patchReach(request: FastifyRequest): number {
  const offset = Number(request.headers['upload-offset'] ?? 0);
  const length = request.headers['content-length'];
  const body = length !== undefined ? Number(length) : hasEmptyBody(request) ? 0 : 1;
  const declared = request.headers['upload-length'];
  return Math.max(offset + body, declared !== undefined ? Number(declared) : 0);
}

function hasEmptyBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return length === '0' || (length === undefined && request.headers['transfer-encoding'] === undefined);
}

function refuse(request: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  closeAfterAnswer(request, reply);
  return reply.code(status).type('text/plain; charset=utf-8').send(`${message}\n`);
}
