import { create } from '@bufbuild/protobuf';
import { type Annotation, AnnotationKind, AnnotationSchema } from '@stream/proto';

// Annotations (issue 31) as @stream/ui's plain marks, and back: ui never imports proto.

export type AnnotationKindLabel = 'text' | 'arrow' | 'box' | 'blur';

/** @stream/ui's AnnotationMark, by shape (TypeScript checks the two agree where the app joins them). */
export interface AnnotationMarkView {
  kind: AnnotationKindLabel;
  from: number;
  to: number;
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
  color: string;
}

const LABELS: Partial<Record<AnnotationKind, AnnotationKindLabel>> = {
  [AnnotationKind.TEXT]: 'text',
  [AnnotationKind.ARROW]: 'arrow',
  [AnnotationKind.BOX]: 'box',
  [AnnotationKind.BLUR]: 'blur',
};

const KINDS: Record<AnnotationKindLabel, AnnotationKind> = {
  text: AnnotationKind.TEXT,
  arrow: AnnotationKind.ARROW,
  box: AnnotationKind.BOX,
  blur: AnnotationKind.BLUR,
};

/** The marks of `annotations`; a kind this client does not know (a newer server's) is left out. */
export function annotationMarksOf(annotations: readonly Annotation[]): AnnotationMarkView[] {
  return annotations.flatMap((annotation) => {
    const kind = LABELS[annotation.kind];
    if (!kind) return [];
    return [
      {
        kind,
        from: annotation.fromSeconds,
        to: annotation.toSeconds,
        x: annotation.x,
        y: annotation.y,
        width: annotation.width,
        height: annotation.height,
        text: annotation.text,
        color: annotation.color,
      },
    ];
  });
}

/** The wire's message of a mark; only a text callout carries text. */
export function annotationOfMark(mark: AnnotationMarkView): Annotation {
  return create(AnnotationSchema, {
    kind: KINDS[mark.kind],
    fromSeconds: mark.from,
    toSeconds: mark.to,
    x: mark.x,
    y: mark.y,
    width: mark.width,
    height: mark.height,
    text: mark.kind === 'text' ? mark.text : '',
    color: mark.kind === 'blur' ? '' : mark.color,
  });
}
