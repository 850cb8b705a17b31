import { describe, expect, it } from 'vitest';
import { presignedReadOrigins } from './security-headers';

const s3 = { S3_BUCKET: 'videos', S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: false, S3_PRESIGNED_READS: true };

describe('the CSP origins of presigned reads', () => {
  it('is nothing unless presigned reads are on with a bucket', () => {
    expect(presignedReadOrigins({ ...s3, S3_PRESIGNED_READS: false })).toEqual([]);
    expect(presignedReadOrigins({ ...s3, S3_BUCKET: undefined })).toEqual([]);
  });

  it("is the bucket's virtual host on AWS", () => {
    expect(presignedReadOrigins(s3)).toEqual(['https://videos.s3.eu-west-1.amazonaws.com']);
  });

  it("is the endpoint's origin with path-style addressing, the bucket's host under it otherwise", () => {
    const endpoint = { ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000/' };
    expect(presignedReadOrigins({ ...endpoint, S3_FORCE_PATH_STYLE: true })).toEqual(['http://127.0.0.1:9000']);
    expect(presignedReadOrigins({ ...endpoint, S3_ENDPOINT: 'https://minio.example:9000' })).toEqual([
      'https://videos.minio.example:9000',
    ]);
  });
});
