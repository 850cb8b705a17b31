import { create } from '@bufbuild/protobuf';
import type { Annotation, AnnotationFields, AnnotationKindName } from '@stream/proto';
import { AnnotationSchema, annotationFieldsOf, annotationInitOf } from '@stream/proto';

// Annotations as @stream/ui's plain marks, and back: ui never imports proto. The fields
// are the contract's (@stream/proto's annotationFieldsOf); the marks name kinds in lower case.

export type AnnotationKindLabel = Lowercase<AnnotationKindName>;

/** @stream/ui's AnnotationMark, by shape (TypeScript checks the two agree where the app joins them). */
export type AnnotationMarkView = AnnotationFields<AnnotationKindLabel>;

const labelOf = (kind: AnnotationKindName) => kind.toLowerCase() as AnnotationKindLabel;
const nameOf = (label: AnnotationKindLabel) => label.toUpperCase() as AnnotationKindName;

/** The marks of `annotations`; a kind this client does not know (a newer server's) is left out. */
export function annotationMarksOf(annotations: readonly Annotation[]): AnnotationMarkView[] {
  return annotations.flatMap((annotation) => {
    const { kind, ...fields } = annotationFieldsOf(annotation);
    return kind ? [{ ...fields, kind: labelOf(kind) }] : [];
  });
}

/** The wire's message of a mark; only a text callout carries text. */
export function annotationOfMark(mark: AnnotationMarkView): Annotation {
  return create(
    AnnotationSchema,
    annotationInitOf({
      ...mark,
      kind: nameOf(mark.kind),
      text: mark.kind === 'text' ? mark.text : '',
      color: mark.kind === 'blur' ? '' : mark.color,
    }),
  );
}
