import { describe, expect, it } from 'vitest';
import {
  ListVideosRequestSchema,
  ListVideosResponseSchema,
  ShareVideoRequestSchema,
  ShareVideoResponseSchema,
  Status,
  Visibility,
  VideoSchema,
  VideoService,
} from './index';

const fieldsOf = (schema: { fields: readonly { name: string; number: number }[] }) =>
  Object.fromEntries(schema.fields.map((f) => [f.name, f.number]));

describe('the wire contract of docs/product.md (Data, Calls)', () => {
  it("is served as videoservice.VideoService with the spec's six methods first", () => {
    expect(VideoService.typeName).toBe('videoservice.VideoService');
    // The contract only grows: methods beyond the spec's six come after them.
    expect(VideoService.methods.map((m) => m.name).slice(0, 6)).toEqual([
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
    expect(fieldsOf(ListVideosRequestSchema)).toMatchObject({ page_size: 1, page_number: 2 });
    expect(fieldsOf(ListVideosResponseSchema)).toMatchObject({ videos: 1, next_page_number: 2 });
    expect(fieldsOf(ShareVideoResponseSchema)).toMatchObject({ id: 1, url: 2 });
  });

  it('numbers the sharing additions as issued (links that expire and reset, views)', () => {
    expect(fieldsOf(ShareVideoRequestSchema)).toEqual({
      video_id: 1,
      expire_after_seconds: 2,
      new_link: 3,
      keep_visibility: 4,
    });
    expect(fieldsOf(ShareVideoResponseSchema)).toEqual({ id: 1, url: 2, expires_at: 3, visibility: 4 });
    expect(ShareVideoResponseSchema.field.expiresAt.message?.typeName).toBe('google.protobuf.Timestamp');
    expect(fieldsOf(VideoSchema)).toMatchObject({ view_count: 13, owner_name: 14 });
    expect(VideoService.methods.map((m) => m.name).slice(6)).toEqual(['GetSharedVideo', 'RecordView']);
  });
});
