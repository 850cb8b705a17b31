import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { ANNOTATION_KIND_NAMES, annotationFieldsOf, annotationInitOf, annotationKindName } from './annotations';
import { AnnotationKind, AnnotationSchema } from './index';

describe('annotations off the wire', () => {
  it('names every kind the enum defines but UNSPECIFIED, and nothing else', () => {
    const defined = Object.values(AnnotationKind).filter((value) => typeof value === 'number');
    const named = defined.map((kind) => annotationKindName(kind));
    expect(named).toEqual([undefined, ...ANNOTATION_KIND_NAMES]);
    expect(annotationKindName(99 as AnnotationKind)).toBeUndefined();
  });

  it('reads a message into its fields and writes the same message back', () => {
    const message = create(AnnotationSchema, {
      kind: AnnotationKind.ARROW,
      fromSeconds: 1.5,
      toSeconds: 4,
      x: 50,
      y: 40,
      width: -20,
      height: 10,
      text: '',
      color: '#22c55e',
    });
    const fields = annotationFieldsOf(message);
    expect(fields).toEqual({
      kind: 'ARROW',
      from: 1.5,
      to: 4,
      x: 50,
      y: 40,
      width: -20,
      height: 10,
      text: '',
      color: '#22c55e',
    });
    expect(create(AnnotationSchema, annotationInitOf({ ...fields, kind: 'ARROW' }))).toEqual(message);
  });

  it('gives no kind to a message whose kind is unspecified or unknown', () => {
    expect(annotationFieldsOf(create(AnnotationSchema, { width: 1 })).kind).toBeUndefined();
    expect(annotationFieldsOf(create(AnnotationSchema, { kind: 7 as AnnotationKind })).kind).toBeUndefined();
  });
});
