import type { IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERRORS, EVENTS, type CancellationContext, type Server, type Upload } from '@tus/server';

type PatchHandler = Server['handlers']['PATCH'];
type PatchHandlerClass = new (store: PatchHandler['store'], options: PatchHandler['options']) => PatchHandler;

/** What a stage of a PATCH body holds before it waits: a batch of the file writer's size. */
const BODY_BUFFER_BYTES = 1024 * 1024;

/**
 * Has `tus` write each PATCH body to its datastore straight from Node's request. @tus/server 2
 * hands its handlers a web Request: the body went from the Node request into a web ReadableStream
 * (srvx), back into a Node stream (Readable.fromWeb), then through a PassThrough and a 16 KiB
 * StreamLimiter, every 64 KiB chunk through each; measured, a tus upload cost twice the server CPU
 * of a multipart one. Here the request is piped into one limiter, and everything else about a
 * PATCH (the lock, the offset, the length, the finish hook, the answer) stays tus's own. Without a
 * Node request (tus.handleWeb) or with POST_RECEIVE listeners, tus's own path runs.
 */
export function writePatchBodiesFromNode(tus: Server): void {
  const original = tus.handlers.PATCH;
  const Base = original.constructor as PatchHandlerClass;
  /** The Node request of each PATCH in progress, by its tus context (what writeToStore is handed). */
  const bodies = new WeakMap<CancellationContext, IncomingMessage>();

  class NodeBodyPatchHandler extends Base {
    override send(...[req, context, headers]: Parameters<PatchHandler['send']>) {
      const body = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
      if (!body || this.listenerCount(EVENTS.POST_RECEIVE) > 0) return super.send(req, context, headers);
      bodies.set(context, body);
      // tus reads `req.body` to hand it on; reading it would start srvx's web stream on the request.
      const withoutWebBody = new Proxy(req, {
        get: (target, name) => (name === 'body' ? null : Reflect.get(target, name, target)),
      });
      return super.send(withoutWebBody, context, headers);
    }

    protected override async writeToStore(
      webBody: ReadableStream | null,
      upload: Upload,
      maxBodyBytes: number,
      context: CancellationContext,
    ): Promise<number> {
      const body = bodies.get(context);
      if (!body) return super.writeToStore(webBody, upload, maxBodyBytes, context);
      if (context.signal.aborted) throw ERRORS.ABORTED;
      const limiter = new BodyLimiter(maxBodyBytes);
      let sourceError: unknown;
      // As tus's own: a client gone mid-body (its request errs, and tus aborts the context) ends
      // the body where it stopped, so what arrived is kept and the offset moves on; it is not an error.
      const onSourceError = (error: unknown) => {
        sourceError = error;
        body.unpipe(limiter);
        if (!context.signal.aborted) limiter.destroy(error instanceof Error ? error : new Error(String(error)));
      };
      const onAbort = () => {
        body.unpipe(limiter);
        if (!limiter.destroyed) limiter.end();
      };
      body.on('error', onSourceError);
      context.signal.addEventListener('abort', onAbort, { once: true });
      try {
        // pipeline hands a function stage the stream before it, the limiter itself (as tus's own relies on).
        return await pipeline(body.pipe(limiter), (limited: AsyncIterable<Buffer>) =>
          this.store.write(limited as BodyLimiter, upload.id, upload.offset),
        );
      } catch (error) {
        body.unpipe(limiter);
        const aborted = error instanceof Error && error.name === 'AbortError';
        throw (sourceError !== undefined && error === sourceError) || aborted ? ERRORS.ABORTED : error;
      } finally {
        body.off('error', onSourceError);
        context.signal.removeEventListener('abort', onAbort);
      }
    }
  }

  tus.handlers.PATCH = new NodeBodyPatchHandler(original.store, original.options);
}

/** Passes a body through until it passes `maxBytes`, then fails it with tus's 413. */
class BodyLimiter extends Transform {
  private bytes = 0;

  constructor(private readonly maxBytes: number) {
    super({ highWaterMark: BODY_BUFFER_BYTES });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes)
      callback(Object.assign(new Error(ERRORS.ERR_MAX_SIZE_EXCEEDED.body), ERRORS.ERR_MAX_SIZE_EXCEEDED));
    else callback(null, chunk);
  }
}
