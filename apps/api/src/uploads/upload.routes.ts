import Busboy, { type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenVerifier } from '../platform/auth/token-verifier';
import type { VideoLinks } from '../videos';
import { StorageFullError } from '../platform/app-error';
import { QUOTA_EXCEEDED, QuotaExceededError } from '../videos';
import type { QuotaService } from '../videos';
import type { ReceivedUpload, VideoService } from '../videos';
import type { StoredVideo } from '../videos';
import { toVideoJson } from '../videos';
import { closeAfterAnswer } from '../platform/http/early-answer';
import { refuseCaller, routeAuthentication } from '../platform/auth/http-auth';
import type { RateLimits } from '../platform/rate-limits/rate-limits';
import { UploadRejection, WebmGate } from './webm-gate';

export interface UploadRoutesDeps {
  videos: VideoService;
  verifier: TokenVerifier;
  links: VideoLinks;
  maxUploadBytes: number;
  /** Uploads per signed-in person (besides the per-address limit every request meets). */
  limits: Pick<RateLimits, 'personUpload'>;
  /** Storage quotas: the declared length is checked first, the stored bytes before the video is made. */
  quota: QuotaService;
}

/** Multipart framing around the file: the Content-Length may exceed the file by this much. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** What a refused upload's body may still bring before its answer goes out regardless (and the connection closes). */
const EARLY_ANSWER_DRAIN_BYTES = 256 * 1024 ** 2;

/**
 * An Idempotency-Key (the IETF httpapi draft's header): the client's name for one upload, sent again
 * with every retry of it. Visible ASCII, as the web app's UUIDs are.
 */
const UPLOAD_KEY = /^[\x21-\x7e]{1,128}$/;

/** Buffer per stage of the upload pipeline: fewer, larger hand-offs than the 16-64 KiB defaults. */
const STREAM_BUFFER_BYTES = 1024 * 1024;

/**
 * POST /api/videoservice/upload: multipart with one file field `video` (a second file is refused, 400). The file streams through
 * the WebM gate into the video service as it arrives; the row is written only once every byte is
 * stored, so a refused or abandoned upload leaves neither row nor blob.
 */
export function registerUploadRoutes(app: FastifyInstance, deps: UploadRoutesDeps) {
  // Leave the body unread: the route streams it through busboy itself.
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));

  app.post('/api/videoservice/upload', async (request, reply) => {
    const auth = await routeAuthentication(deps.verifier, request);
    if (auth.kind !== 'user') {
      closeAfterAnswer(request, reply);
      return refuseCaller(reply, auth);
    }
    if (!request.headers['content-type']?.startsWith('multipart/form-data')) {
      closeAfterAnswer(request, reply);
      return reply.code(415).send({ message: 'Send the video as multipart/form-data with a file field "video"' });
    }
    const declared = Number(request.headers['content-length'] ?? NaN);
    if (declared > deps.maxUploadBytes + MULTIPART_OVERHEAD) return tooLarge(request, reply);
    const uploadKey = request.headers['idempotency-key'];
    if (uploadKey !== undefined && (typeof uploadKey !== 'string' || !UPLOAD_KEY.test(uploadKey))) {
      closeAfterAnswer(request, reply);
      return reply.code(400).send({ message: 'Idempotency-Key must be 1 to 128 visible ASCII characters' });
    }
    const user = auth.user;
    if (await deps.limits.personUpload(request, reply, user.uid)) return reply;
    const uploaded = (video: StoredVideo) =>
      reply
        .code(201)
        .send({ message: 'Video uploaded successfully!', video: toVideoJson(video, deps.links, user.uid) });
    // A retry of an upload already stored (its answer was lost): the same answer, nothing stored
    // twice. Answered once the body is read, so the client reads the answer rather than a reset.
    const earlier = uploadKey && (await deps.videos.findUpload(user, uploadKey));
    if (earlier) {
      const body = await discardBody(request, deps.maxUploadBytes + MULTIPART_OVERHEAD);
      if (body === 'gone') return reply; // the client is gone: nobody to answer
      if (body === 'too-large') return tooLarge(request, reply); // as the first try would have been
      return uploaded(earlier);
    }
    try {
      // The body's framing is a few hundred bytes: a declared length past the room by more is refused unread.
      if (declared > MULTIPART_OVERHEAD) await deps.quota.check(user.uid, declared - MULTIPART_OVERHEAD);
      const received = await receive(request, deps.maxUploadBytes, (file) =>
        deps.videos.receiveUpload(user, file, { requestId: request.id, uploadKey }),
      );
      try {
        await deps.quota.check(user.uid, received.sizeBytes);
      } catch (error) {
        await received.discard();
        throw error;
      }
      return uploaded(await received.accept());
    } catch (error) {
      if (error instanceof QuotaExceededError) {
        closeAfterAnswer(request, reply);
        return reply.code(413).send({ message: error.message, code: QUOTA_EXCEEDED });
      }
      if (error instanceof StorageFullError) {
        // Read the rest of a body of ordinary size before answering: answered mid-body and closed,
        // the client, still writing, meets a reset (EPIPE) instead of the 507.
        const rest = await discardBody(request, EARLY_ANSWER_DRAIN_BYTES);
        if (rest === 'gone') return reply;
        closeAfterAnswer(request, reply);
        return reply
          .code(507)
          .send({ message: 'The server has no room for this video right now. Please try again later.' });
      }
      if (!(error instanceof UploadRejection)) throw error;
      if (error.status === 499) return reply; // the client is gone: nobody to answer
      closeAfterAnswer(request, reply);
      return reply.code(error.status).send({ message: error.message });
    }
  });
}

/**
 * Streams the `video` part, checked by the WebM gate, into `store`; resolves once the whole body
 * is read and the file stored, with the upload still to accept. On any failure the stored file is
 * discarded before the promise rejects.
 */
function receive(
  request: FastifyRequest,
  maxUploadBytes: number,
  store: (file: WebmGate) => Promise<ReceivedUpload>,
): Promise<ReceivedUpload> {
  const raw = request.raw;
  return new Promise<ReceivedUpload>((resolve, reject) => {
    let parser: BusboyInstance;
    try {
      // @fastify/busboy rather than busboy: a 1 GiB body into a file took 1.26 s of CPU against
      // busboy's 2.03 s (a bare pipe: 1.01 s; medians of 5 rounds), most of it the boundary search.
      parser = new Busboy({
        headers: raw.headers as BusboyHeaders,
        limits: { files: 1, fields: 20, parts: 40 },
        highWaterMark: STREAM_BUFFER_BYTES,
        fileHwm: STREAM_BUFFER_BYTES,
      });
    } catch {
      reject(new UploadRejection(400, 'Malformed multipart body'));
      return;
    }
    let stored: Promise<ReceivedUpload> | undefined;
    let gate: WebmGate | undefined;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      raw.unpipe(parser);
      gate?.destroy(error instanceof Error ? error : new Error(String(error)));
      // Answer once the store has given up the write (or dropped what it wrote) and its partial file.
      void (stored ?? Promise.resolve(undefined))
        .then(
          (received) => received?.discard(),
          () => undefined,
        )
        .then(() => reject(error));
    };

    parser.on('file', (name, file) => {
      // busboy fails a file stream on a body cut off inside it: unheard, that error ends the process.
      file.on('error', () => fail(new UploadRejection(400, 'Malformed multipart body')));
      if (name !== 'video' || gate) {
        file.resume();
        return;
      }
      gate = new WebmGate(maxUploadBytes, STREAM_BUFFER_BYTES);
      const current = gate;
      file.pipe(current);
      current.on('error', () => file.resume());
      stored = store(current);
      stored.catch(fail);
    });
    // A second file would be dropped unread while the first became the video: refused instead.
    parser.on('filesLimit', () => fail(new UploadRejection(400, 'Send exactly one file, in the field "video"')));
    parser.on('error', () => fail(new UploadRejection(400, 'Malformed multipart body')));
    parser.on('finish', () => {
      if (settled) return;
      if (!stored) return fail(new UploadRejection(400, 'Missing file field "video"'));
      stored.then((received) => {
        if (settled) return;
        settled = true;
        resolve(received);
      }, fail);
    });
    raw.on('error', () => fail(new UploadRejection(499, 'Client closed the upload')));
    raw.on('close', () => {
      if (!raw.complete) fail(new UploadRejection(499, 'Client closed the upload'));
    });
    raw.pipe(parser);
  });
}

function tooLarge(request: FastifyRequest, reply: FastifyReply) {
  closeAfterAnswer(request, reply);
  return reply.code(413).send({ message: 'Video file is too large' });
}

/**
 * Reads and drops the body: `read` once it has all arrived, `too-large` as soon as it passes `limit`
 * (the rest is left to closeAfterAnswer), `gone` when the client closed the connection first.
 */
function discardBody(request: FastifyRequest, limit: number): Promise<'read' | 'too-large' | 'gone'> {
  const raw = request.raw;
  if (raw.complete) return Promise.resolve('read');
  return new Promise((resolve) => {
    let seen = 0;
    const settle = (outcome: 'read' | 'too-large' | 'gone') => {
      raw.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) settle('too-large');
    };
    const onEnd = () => settle('read');
    const onClose = () => settle('gone');
    raw.on('data', onData).on('end', onEnd).on('close', onClose).on('error', onClose);
    // A 'data' listener starts no flow in a body paused by unpipe (a failed store's parser).
    raw.resume();
  });
}
