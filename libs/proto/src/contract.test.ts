import { describe, expect, it } from 'vitest';
import {
  ListVideosRequestSchema,
  ListVideosResponseSchema,
  ShareVideoResponseSchema,
  Status,
  Visibility,
  VideoSchema,
  VideoService,
} from './index';

const fieldsOf = (schema: { fields: readonly { name: string; number: number }[] }) =>
  Object.fromEntries(schema.fields.map((f) => [f.name, f.number]));

describe('the wire contract of docs/product.md (Data, Calls)', () => {
  it('is served as videoservice.VideoService with the six methods', () => {
    expect(VideoService.typeName).toBe('videoservice.VideoService');
    expect(VideoService.methods.map((m) => m.name)).toEqual([
      'CreateVideo',
      'GetVideo',
      'ListVideos',
      'UpdateVideo',
      'DeleteVideo',
      'ShareVideo',
    ]);
    expect(VideoService.method.deleteVideo.output.typeName).toBe('google.protobuf.Empty');
    expect(VideoService.method.getVideo.output.typeName).toBe('videoservice.Video');
  });

  it('keeps the Video fields and their numbers', () => {
    expect(fieldsOf(VideoSchema)).toMatchObject({
      id: 1,
      title: 2,
      description: 3,
      user_id: 4,
      url: 5,
      thumbnail_url: 6,
      status: 7,
      visibility: 8,
      created_at: 9,
    });
    expect(VideoSchema.field.createdAt.message?.typeName).toBe('google.protobuf.Timestamp');
  });

  it('keeps the enum values', () => {
    expect([Status.UNSPECIFIED, Status.PROCESSING, Status.READY, Status.FAILED]).toEqual([0, 1, 2, 3]);
    expect([Visibility.PRIVATE, Visibility.SHARED, Visibility.PUBLIC]).toEqual([0, 1, 2]);
  });

  it('pages ListVideos and answers ShareVideo with id and url', () => {
    expect(fieldsOf(ListVideosRequestSchema)).toEqual({ page_size: 1, page_number: 2 });
    expect(fieldsOf(ListVideosResponseSchema)).toEqual({ videos: 1, next_page_number: 2 });
    expect(fieldsOf(ShareVideoResponseSchema)).toEqual({ id: 1, url: 2 });
  });
});
