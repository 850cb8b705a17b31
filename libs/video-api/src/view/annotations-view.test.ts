import { create } from '@bufbuild/protobuf';
import { AnnotationKind, AnnotationSchema, VideoSchema } from '@stream/proto';
import { describe, expect, it } from 'vitest';
import { annotationMarksOf, annotationOfMark } from './annotations-view';
import { stageOf } from './video-view';

describe('annotations between the wire and the ui', () => {
  it('reads every kind, and writes back the same message', () => {
    const wire = [
      create(AnnotationSchema, {
        kind: AnnotationKind.TEXT,
        fromSeconds: 1,
        toSeconds: 4,
        x: 5,
        y: 5,
        width: 40,
        height: 12,
        text: 'Hi',
        color: '#22c55e',
      }),
      create(AnnotationSchema, {
        kind: AnnotationKind.ARROW,
        fromSeconds: 0,
        toSeconds: 2,
        x: 50,
        y: 50,
        width: -20,
        height: 10,
      }),
      create(AnnotationSchema, {
        kind: AnnotationKind.BOX,
        fromSeconds: 2,
        toSeconds: 3,
        x: 1,
        y: 2,
        width: 3,
        height: 4,
      }),
      create(AnnotationSchema, {
        kind: AnnotationKind.BLUR,
        fromSeconds: 1,
        toSeconds: 4,
        x: 0,
        y: 0,
        width: 50,
        height: 50,
      }),
    ];
    const marks = annotationMarksOf(wire);
    expect(marks.map((mark) => mark.kind)).toEqual(['text', 'arrow', 'box', 'blur']);
    expect(marks[0]).toEqual({
      kind: 'text',
      from: 1,
      to: 4,
      x: 5,
      y: 5,
      width: 40,
      height: 12,
      text: 'Hi',
      color: '#22c55e',
    });
    expect(marks.map(annotationOfMark)).toEqual(wire);
  });

  it('leaves out a kind it does not know, and sends text only with a callout', () => {
    expect(annotationMarksOf([create(AnnotationSchema, { kind: 99 as AnnotationKind, width: 1, height: 1 })])).toEqual(
      [],
    );
    const box = annotationOfMark({
      kind: 'box',
      from: 0,
      to: 1,
      x: 0,
      y: 0,
      width: 1,
      height: 1,
      text: 'stale',
      color: '',
    });
    expect(box.text).toBe('');
  });

  it('gives the player what plays (Video.annotations), not the owner’s edit', () => {
    const video = create(VideoSchema, {
      annotations: [create(AnnotationSchema, { kind: AnnotationKind.BOX, toSeconds: 1, width: 1, height: 1 })],
      editAnnotations: [create(AnnotationSchema, { kind: AnnotationKind.BLUR, toSeconds: 1, width: 1, height: 1 })],
    });
    expect(stageOf(video).annotations.map((mark) => mark.kind)).toEqual(['box']);
  });
});
