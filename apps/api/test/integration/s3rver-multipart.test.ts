// The multipart calls test support adds to s3rver (support/s3rver-multipart.ts), through the AWS
// SDK as @tus/s3-store makes them: ListParts after two UploadParts, ListMultipartUploads, and
// AbortMultipartUpload, which removes the parts (ListParts then answers NoSuchUpload).
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../support/s3';

describe('s3rver with the multipart calls it lacks', () => {
  let s3: TestS3;
  let client: S3Client;
  const Bucket = 'videos';

  beforeAll(async () => {
    s3 = await startTestS3(Bucket);
    client = new S3Client({
      endpoint: s3.env.S3_ENDPOINT,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.stop();
  });

  async function twoParts(Key: string) {
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    const bodies = [Buffer.alloc(5 * 1024 * 1024, 1), Buffer.from('the second part')];
    const etags: string[] = [];
    for (const [index, Body] of bodies.entries()) {
      const part = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: index + 1, Body }));
      etags.push(part.ETag!);
    }
    return { UploadId: UploadId!, bodies, etags };
  }

  it('lists the parts of an upload in progress, by page too', async () => {
    const Key = 'uploads/listed';
    const { UploadId, bodies, etags } = await twoParts(Key);
    const listed = await client.send(new ListPartsCommand({ Bucket, Key, UploadId }));
    expect(listed.IsTruncated).toBe(false);
    expect(listed.Parts?.map((part) => [part.PartNumber, part.Size, part.ETag])).toEqual([
      [1, bodies[0]!.length, etags[0]],
      [2, bodies[1]!.length, etags[1]],
    ]);
    expect(listed.Parts![0]!.LastModified).toBeInstanceOf(Date);
    const first = await client.send(new ListPartsCommand({ Bucket, Key, UploadId, MaxParts: 1 }));
    expect(first.IsTruncated).toBe(true);
    expect(first.Parts?.map((part) => part.PartNumber)).toEqual([1]);
    const rest = await client.send(
      new ListPartsCommand({ Bucket, Key, UploadId, PartNumberMarker: first.NextPartNumberMarker }),
    );
    expect(rest.Parts?.map((part) => part.PartNumber)).toEqual([2]);

    // Completed, the upload is gone and its object whole.
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket,
        Key,
        UploadId,
        MultipartUpload: { Parts: etags.map((ETag, index) => ({ ETag, PartNumber: index + 1 })) },
      }),
    );
    const object = await client.send(new GetObjectCommand({ Bucket, Key }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(Buffer.concat(bodies))).toBe(true);
    await expect(client.send(new ListPartsCommand({ Bucket, Key, UploadId }))).rejects.toMatchObject({
      name: 'NoSuchUpload',
    });
  });

  it('lists uploads in progress under a prefix, and aborting one removes its parts', async () => {
    const { UploadId } = await twoParts('uploads/aborted');
    const other = await twoParts('elsewhere/kept');
    const listed = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: 'uploads/' }));
    expect(listed.Uploads?.map((upload) => [upload.Key, upload.UploadId])).toEqual([['uploads/aborted', UploadId]]);
    expect(listed.Uploads![0]!.Initiated).toBeInstanceOf(Date);

    await client.send(new AbortMultipartUploadCommand({ Bucket, Key: 'uploads/aborted', UploadId }));
    await expect(client.send(new ListPartsCommand({ Bucket, Key: 'uploads/aborted', UploadId }))).rejects.toMatchObject(
      { name: 'NoSuchUpload', $metadata: { httpStatusCode: 404 } },
    );
    await expect(
      client.send(new AbortMultipartUploadCommand({ Bucket, Key: 'uploads/aborted', UploadId })),
    ).rejects.toMatchObject({ name: 'NoSuchUpload' });
    // As on S3, a part of an aborted upload is refused (s3rver itself made the upload anew).
    await expect(
      client.send(
        new UploadPartCommand({ Bucket, Key: 'uploads/aborted', UploadId, PartNumber: 3, Body: Buffer.from('late') }),
      ),
    ).rejects.toMatchObject({ name: 'NoSuchUpload' });
    const after = await client.send(new ListMultipartUploadsCommand({ Bucket }));
    expect(after.Uploads?.map((upload) => upload.UploadId)).toEqual([other.UploadId]);
    // The wrong key for an upload id is no upload either.
    await expect(
      client.send(new ListPartsCommand({ Bucket, Key: 'uploads/aborted', UploadId: other.UploadId })),
    ).rejects.toMatchObject({ name: 'NoSuchUpload' });
    expect(await s3.listKeys()).toEqual(['uploads/listed']);
  });
});
