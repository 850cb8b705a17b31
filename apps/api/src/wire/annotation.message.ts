import type { MessageInitShape } from '@bufbuild/protobuf';
import { AnnotationKind, type Annotation, type AnnotationSchema } from '@stream/proto';
import type { AnnotationInput } from '../services/annotation-rules';
import type { AnnotationKind as StoredKind, StoredAnnotation } from '../services/edit';

const kindToProto: Record<StoredKind, AnnotationKind> = {
  TEXT: AnnotationKind.TEXT,
  ARROW: AnnotationKind.ARROW,
  BOX: AnnotationKind.BOX,
  BLUR: AnnotationKind.BLUR,
};

/** UNSPECIFIED and numbers the enum does not define have no kind (the rules refuse them). */
const kindFromProto: Record<number, StoredKind | undefined> = {
  [AnnotationKind.TEXT]: 'TEXT',
  [AnnotationKind.ARROW]: 'ARROW',
  [AnnotationKind.BOX]: 'BOX',
  [AnnotationKind.BLUR]: 'BLUR',
};

export const toAnnotationMessage = (annotation: StoredAnnotation): MessageInitShape<typeof AnnotationSchema> => ({
  kind: kindToProto[annotation.kind],
  fromSeconds: annotation.from,
  toSeconds: annotation.to,
  x: annotation.x,
  y: annotation.y,
  width: annotation.width,
  height: annotation.height,
  text: annotation.text,
  color: annotation.color,
});

export const fromAnnotationMessage = (annotation: Annotation): AnnotationInput => ({
  kind: kindFromProto[annotation.kind],
  from: annotation.fromSeconds,
  to: annotation.toSeconds,
  x: annotation.x,
  y: annotation.y,
  width: annotation.width,
  height: annotation.height,
  text: annotation.text,
  color: annotation.color,
});
