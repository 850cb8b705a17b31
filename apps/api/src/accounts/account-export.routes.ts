import { PassThrough, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { ZipFile } from 'yazl';
import { AccountRefusedError } from '../access';
import type { TokenVerifier } from '../platform/auth/token-verifier';
import type { AccountGate } from '../access';
import type { AccountExport, ExportEntry } from './account-export';
import type { UrlSigner } from '../videos';
import { AppError } from '../platform/app-error';
import { httpCaller, sendUnauthenticated } from '../platform/auth/http-auth';

/** Where "Export my data" downloads from: the signed link GetExportLink hands out, or with an ID token. */
export const EXPORT_PATH = '/api/account/export';

interface ExportQuery {
  uid?: string;
  expires?: string;
  signature?: string;
}

/**
 * GET /api/account/export: the caller's data as a zip made while it is sent. Entries go
 * in one at a time, each opened only when the one before has been written, so the server holds
 * one read buffer and the zip's bookkeeping whatever the size; videos and images are stored as
 * they are (no deflate), JSON and captions deflated. The response can take back-pressure: a slow
 * browser slows the reads. A failure midway cuts the download off (a browser shows it failed)
 * rather than finishing a zip that lacks a file. A signed link is good for hours, so its holder is
 * asked at download time whether the account may still use Stream (disabled or deleted since: 403).
 */
export function registerAccountExportRoutes(
  app: FastifyInstance,
  deps: {
    exports: AccountExport;
    signer: UrlSigner;
    verifier: TokenVerifier;
    gate: Pick<AccountGate, 'admit'>;
    log: Logger;
  },
) {
  app.get<{ Querystring: ExportQuery }>(EXPORT_PATH, async (request, reply) => {
    const { uid, expires, signature } = request.query;
    let owner: string;
    if (uid !== undefined || signature !== undefined) {
      if (typeof uid !== 'string' || !deps.signer.verify('export', uid, expires, signature)) {
        return reply.code(404).send({ message: 'This export link has expired: start the export again from /settings' });
      }
      try {
        await deps.gate.admit({ uid }, { acceptingInvite: false });
      } catch (error) {
        if (error instanceof AccountRefusedError) return reply.code(403).send({ message: error.message });
        throw error;
      }
      owner = uid;
    } else {
      const caller = await httpCaller(deps.verifier, request, reply);
      if (!caller) return reply;
      if (caller.kind !== 'user') return sendUnauthenticated(reply);
      owner = caller.user.uid;
    }
    let entries: AsyncGenerator<ExportEntry>;
    try {
      entries = await deps.exports.entries(owner);
    } catch (error) {
      if (error instanceof AppError && error.kind === 'not_found') {
        return reply.code(404).send({ message: 'No such account' });
      }
      throw error;
    }
    const zip = new ZipFile();
    const body = new PassThrough();
    zip.outputStream.on('error', (error) => body.destroy(error));
    zip.outputStream.pipe(body);
    void writeEntries(zip, entries, body).catch((error: unknown) => {
      if (!body.destroyed) deps.log.error({ err: error, uid: owner }, 'export failed midway');
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="stream-export-${day}.zip"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}

async function writeEntries(zip: ZipFile, entries: AsyncGenerator<ExportEntry>, body: PassThrough): Promise<void> {
  const mtime = new Date();
  for await (const entry of entries) {
    if (body.destroyed) return; // the browser went away: stop reading
    const opened = await entry.open();
    if (!opened) continue; // replaced or deleted since it was listed
    if ('bytes' in opened) {
      zip.addBuffer(opened.bytes, entry.name, { compress: entry.compress, mtime });
      continue;
    }
    zip.addReadStream(opened.stream, entry.name, { compress: entry.compress, size: opened.size, mtime });
    await untilRead(opened.stream, body);
  }
  zip.end();
}

/** Resolves once `stream` has been read to its end; rejects (destroying it) if `body` closes first. */
async function untilRead(stream: Readable, body: PassThrough): Promise<void> {
  const closed = () => stream.destroy(new Error('the download was closed'));
  body.once('close', closed);
  try {
    await finished(stream);
  } finally {
    body.off('close', closed);
  }
}
