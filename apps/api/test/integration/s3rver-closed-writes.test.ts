// The test S3 server answers a PUT once the object is stored, as S3 does: a GET right after reads
// it whole, a DELETE right after (the API's write probe) leaves nothing writing behind it, and an
// object's file that cannot be written is an error answer, not an exception no one catches.
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../support/s3';

let s3: TestS3;
let client: S3Client;
beforeAll(async () => {
  s3 = await startTestS3();
  client = new S3Client({
    endpoint: s3.env.S3_ENDPOINT,
    region: s3.env.S3_REGION,
    credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
    forcePathStyle: true,
  });
});
afterAll(async () => {
  client?.destroy();
  await s3?.stop();
});

describe('the test S3 server', () => {
  it('reads an object whole right after its PUT, and takes a DELETE right after one', async () => {
    const Bucket = s3.env.S3_BUCKET!;
    const body = randomBytes(256 * 1024);
    for (let i = 0; i < 40; i++) {
      const Key = `probe/${i}-${randomBytes(6).toString('hex')}`;
      await client.send(new PutObjectCommand({ Bucket, Key, Body: body }));
      if (i % 2 === 0) {
        const read = await client.send(new GetObjectCommand({ Bucket, Key }));
        expect(Buffer.from(await read.Body!.transformToByteArray()).equals(body)).toBe(true);
      }
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    }
    expect(await s3.listKeys()).toEqual([]);
  });

  it("answers an error when the object's file cannot be opened, and throws nothing past it", async () => {
    const Bucket = s3.env.S3_BUCKET!;
    const Key = `blocked/${randomBytes(6).toString('hex')}`;
    // A directory where the object's file goes: its open fails (EISDIR) after the PUT began, as
    // one under a directory a DELETE or the test's teardown has just removed fails (ENOENT).
    await mkdir(s3.objectPath(Key), { recursive: true });
    const uncaught: unknown[] = [];
    const listen = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', listen);
    try {
      await expect(client.send(new PutObjectCommand({ Bucket, Key, Body: randomBytes(1024) }))).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      process.off('uncaughtException', listen);
    }
    expect(uncaught).toEqual([]);
  });
});
