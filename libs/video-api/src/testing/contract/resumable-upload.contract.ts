import { describe, expect, it } from 'vitest';
import type { TusContractSubject } from './contract-subject';

/** The first bytes of every WebM file (EBML); the server refuses to finish an upload without them. */
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const recording = (size: number) => Uint8Array.from({ length: size }, (_, i) => EBML_MAGIC[i] ?? i % 251);

/**
 * Resumable uploads as /api/uploads/ speaks tus 1.0: creation with a deferred length
 * answering the video's id, appends at the server's offset, HEAD, the last PATCH declaring the
 * length, and who may see an upload. Run against `startFakeTusServer` and the real server.
 */
export function resumableUploadContract(subject: TusContractSubject): void {
  const tus = (token?: string) => {
    const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const url = (location: string) => new URL(location, subject.baseUrl()).toString();
    const send = async (location: string, method: string, headers: Record<string, string>, body?: Uint8Array) => {
      const response = await fetch(url(location), {
        method,
        headers: { 'tus-resumable': '1.0.0', ...auth, ...headers },
        ...(body ? { body: new Uint8Array(body) } : {}),
      });
      await response.arrayBuffer();
      return response;
    };
    return {
      create: (headers: Record<string, string> = { 'upload-defer-length': '1' }) =>
        send('/api/uploads/', 'POST', headers),
      head: (location: string) => send(location, 'HEAD', {}),
      patch: (location: string, offset: number, bytes: Uint8Array, headers: Record<string, string> = {}) =>
        send(
          location,
          'PATCH',
          { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset), ...headers },
          bytes,
        ),
      delete: (location: string) => send(location, 'DELETE', {}),
    };
  };
  const started = async () => {
    const client = tus(await subject.signIn());
    const created = await client.create({
      'upload-defer-length': '1',
      'upload-metadata': `title ${Buffer.from('Contract').toString('base64')}`,
    });
    expect(created.status).toBe(201);
    return { client, created, location: created.headers.get('location') ?? '' };
  };

  describe('resumable uploads (tus at /api/uploads/)', () => {
    it("creates an upload of unknown length that answers its video's id; HEAD says offset 0", async () => {
      const { client, created, location } = await started();
      expect(location).toMatch(/\/api\/uploads\/[^/]+$/);
      expect(created.headers.get('tus-resumable')).toBe('1.0.0');
      const videoId = created.headers.get('stream-video-id');
      expect(videoId).toBeTruthy();
      const head = await client.head(location);
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe('0');
      expect(head.headers.get('upload-defer-length')).toBe('1');
      expect(head.headers.get('stream-video-id')).toBe(videoId);
    });

    it('refuses a creation without a token (401) or without a length or its deferral (400)', async () => {
      expect((await tus().create()).status).toBe(401);
      expect((await tus(await subject.signIn()).create({})).status).toBe(400);
    });

    it('appends at the offset it holds; a wrong offset is 409 and a wrong content type 415, storing nothing', async () => {
      const { client, location } = await started();
      const bytes = recording(3000);
      const first = await client.patch(location, 0, bytes.subarray(0, 1000));
      expect(first.status).toBe(204);
      expect(first.headers.get('upload-offset')).toBe('1000');
      expect((await client.patch(location, 0, bytes.subarray(0, 1000))).status).toBe(409);
      expect((await client.patch(location, 1500, bytes.subarray(1500, 2000))).status).toBe(409);
      const wrongType = await client.patch(location, 1000, bytes.subarray(1000, 2000), {
        'content-type': 'application/octet-stream',
      });
      expect(wrongType.status).toBe(415);
      expect((await client.head(location)).headers.get('upload-offset')).toBe('1000');
    });

    it('finishes with the PATCH that declares Upload-Length; after it only a repeat of that PATCH answers 204', async () => {
      const { client, location } = await started();
      const bytes = recording(2048);
      expect((await client.patch(location, 0, bytes.subarray(0, 1024))).status).toBe(204);
      const last = await client.patch(location, 1024, bytes.subarray(1024), { 'upload-length': '2048' });
      expect(last.status).toBe(204);
      expect(last.headers.get('upload-offset')).toBe('2048');
      const head = await client.head(location);
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe('2048');
      expect(head.headers.get('upload-length')).toBe('2048');
      const repeat = await client.patch(location, 2048, new Uint8Array(0));
      expect(repeat.status).toBe(204);
      expect(repeat.headers.get('upload-offset')).toBe('2048');
      expect((await client.patch(location, 2048, recording(10))).status).toBe(403);
    });

    it('refuses to finish bytes that are not a WebM recording (415)', async () => {
      const { client, location } = await started();
      const last = await client.patch(location, 0, new Uint8Array(100).fill(7), { 'upload-length': '100' });
      expect(last.status).toBe(415);
    });

    it("is its owner's: another user gets 404 and the upload is unchanged; DELETE ends it", async () => {
      const { client, location } = await started();
      expect((await client.patch(location, 0, recording(10))).status).toBe(204);
      const other = tus(await subject.signIn());
      expect((await other.head(location)).status).toBe(404);
      expect((await other.patch(location, 10, recording(10))).status).toBe(404);
      expect((await other.delete(location)).status).toBe(404);
      expect((await tus().head(location)).status).toBe(401);
      expect((await client.head(location)).headers.get('upload-offset')).toBe('10');
      expect((await client.delete(location)).status).toBe(204);
      expect((await client.head(location)).status).toBe(404);
    });
  });
}
