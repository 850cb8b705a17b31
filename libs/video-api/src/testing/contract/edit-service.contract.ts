import { createClient, ConnectError, type Transport } from '@connectrpc/connect';
import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  AnnotationKind,
  type AnnotationSchema,
  EditService,
  EditState,
  MAX_ANNOTATIONS,
  VideoService,
  Visibility,
  type Annotation,
  type Video,
} from '@stream/proto';
import { describe, expect, it } from 'vitest';
import { Code, codeOf, type RpcContractSubject } from './contract-subject';

/** The edit contract's subject: also a READY video of a few seconds, owned by a transport's user. */
export interface EditContractSubject extends RpcContractSubject {
  readyVideo(transport: Transport): Promise<Video>;
}

type AnnotationInit = MessageInitShape<typeof AnnotationSchema>;

const plain = (a: Annotation) => [AnnotationKind[a.kind], a.fromSeconds, a.toSeconds, a.x, a.y, a.width, a.height];
const BOX: AnnotationInit = {
  kind: AnnotationKind.BOX,
  fromSeconds: 1,
  toSeconds: 2,
  x: 10,
  y: 10,
  width: 20,
  height: 20,
};
const BLUR: AnnotationInit = { ...BOX, kind: AnnotationKind.BLUR, x: 0, y: 0, width: 50, height: 50 };
const TEXT: AnnotationInit = {
  ...BOX,
  kind: AnnotationKind.TEXT,
  x: 90,
  width: 30,
  text: 'Look here',
  color: '#EF4444',
};

const messageOf = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: unknown) => ConnectError.from(error),
  );

/**
 * SaveEdits' annotations as the server defines them, run against the fake video
 * service's EditService and against the real server: stored with the edit, the owner alone gets the
 * saved list (blur included), anyone who may watch the overlays; bad ones are refused with a
 * message saying what is wrong and change nothing; Revert clears them. Cases keep the whole video,
 * so the overlays' timeline is the original's whether or not a render has landed yet.
 */
export function editServiceContract(subject: EditContractSubject): void {
  const signIn = async () => {
    const transport = await subject.signIn();
    return { edits: createClient(EditService, transport), videos: createClient(VideoService, transport), transport };
  };

  describe('SaveEdits annotations', () => {
    it('stores them; the owner gets the saved list, a viewer the overlays alone; Revert clears them', async () => {
      const owner = await signIn();
      const video = await subject.readyVideo(owner.transport);
      const whole = [{ startSeconds: 0, endSeconds: video.durationSeconds }];
      const saved = await owner.edits.saveEdits({
        videoId: video.id,
        keptRanges: whole,
        annotations: [BOX, BLUR, TEXT],
      });
      // A blur needs a render (of the whole video); the overlays need none.
      expect([EditState.APPLYING, EditState.APPLIED]).toContain(saved.editState);
      expect(saved.editAnnotations.map(plain)).toEqual([
        ['BOX', 1, 2, 10, 10, 20, 20],
        ['BLUR', 1, 2, 0, 0, 50, 50],
        ['TEXT', 1, 2, 90, 10, 10, 20],
      ]);
      expect(saved.editAnnotations.map((a) => [a.text, a.color])).toEqual([
        ['', ''],
        ['', ''],
        ['Look here', '#ef4444'],
      ]);
      expect(saved.annotations.map(plain)).toEqual([
        ['BOX', 1, 2, 10, 10, 20, 20],
        ['TEXT', 1, 2, 90, 10, 10, 20],
      ]);

      await owner.videos.updateVideo({ videoId: video.id, title: video.title, visibility: Visibility.PUBLIC });
      const viewer = await signIn();
      const seen = await viewer.videos.getVideo({ videoId: video.id });
      expect(seen.annotations.map(plain)).toEqual(saved.annotations.map(plain));
      expect(seen.editAnnotations).toEqual([]);
      expect(seen.originalUrl).toBe('');
      expect((await owner.videos.getVideo({ videoId: video.id })).editAnnotations).toHaveLength(3);

      const reverted = await owner.edits.revertEdits({ videoId: video.id });
      expect(reverted.editState).toBe(EditState.NONE);
      expect(reverted.annotations).toEqual([]);
      expect(reverted.editAnnotations).toEqual([]);
    });

    it('keeps overlays on an unedited video without rendering it', async () => {
      const owner = await signIn();
      const video = await subject.readyVideo(owner.transport);
      const whole = [{ startSeconds: 0, endSeconds: video.durationSeconds }];
      const saved = await owner.edits.saveEdits({ videoId: video.id, keptRanges: whole, annotations: [BOX] });
      expect(saved.editState).toBe(EditState.NONE);
      expect(saved.url).toBe(video.url);
      expect(saved.annotations.map(plain)).toEqual([['BOX', 1, 2, 10, 10, 20, 20]]);
    });

    it('refuses bad annotations with a message naming what is wrong, and changes nothing', async () => {
      const owner = await signIn();
      const video = await subject.readyVideo(owner.transport);
      const whole = [{ startSeconds: 0, endSeconds: video.durationSeconds }];
      const bad: [AnnotationInit[], RegExp][] = [
        [[{ ...BOX, kind: AnnotationKind.UNSPECIFIED }], /annotations\[0\] needs a kind/],
        [[BOX, { ...BOX, height: 0 }], /annotations\[1\] width and height must be above 0/],
        [[{ ...BOX, kind: AnnotationKind.ARROW, width: 0, height: 0 }], /arrow of no length/],
        [[{ ...BOX, x: 101 }], /x and y must be from 0 to 100/],
        [[{ ...BOX, fromSeconds: 2, toSeconds: 1 }], /must end after it starts/],
        [[{ ...BOX, toSeconds: video.durationSeconds + 1 }], /ends after the video ends/],
        [[{ ...TEXT, text: 'x'.repeat(10_000) }], /text must be at most 500 characters/],
        [[{ ...BOX, color: 'blue' }], /color must be "#rrggbb"/],
        [Array.from({ length: MAX_ANNOTATIONS + 1 }, () => BOX), /at most 200/],
      ];
      for (const [annotations, message] of bad) {
        const error = await messageOf(owner.edits.saveEdits({ videoId: video.id, keptRanges: whole, annotations }));
        expect(error?.code, String(message)).toBe(Code.InvalidArgument);
        expect(error?.rawMessage).toMatch(message);
      }
      const after = await owner.videos.getVideo({ videoId: video.id });
      expect(after.editState).toBe(EditState.NONE);
      expect(after.editAnnotations).toEqual([]);
    });

    it("is the owner's alone: not_found for anyone else, unauthenticated signed out", async () => {
      const owner = await signIn();
      const video = await subject.readyVideo(owner.transport);
      const request = { videoId: video.id, keptRanges: [{ startSeconds: 0, endSeconds: 1 }], annotations: [BOX] };
      const other = await signIn();
      expect(await codeOf(other.edits.saveEdits(request))).toBe(Code.NotFound);
      expect(await codeOf(createClient(EditService, subject.signedOut()).saveEdits(request))).toBe(
        Code.Unauthenticated,
      );
      expect((await owner.videos.getVideo({ videoId: video.id })).editAnnotations).toEqual([]);
    });
  });
}
