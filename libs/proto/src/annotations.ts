import type { MessageInitShape } from '@bufbuild/protobuf';
import { type Annotation, AnnotationKind, type AnnotationSchema } from './gen/videoservice/video_service_pb';

// Annotations off the wire: the server stores them and the client's marks draw them in
// this one shape, so the mapping of kinds and fields is written here once.

/** The kinds an annotation can be, by the enum's names (UNSPECIFIED is none of them). */
export const ANNOTATION_KIND_NAMES = ['TEXT', 'ARROW', 'BOX', 'BLUR'] as const;
export type AnnotationKindName = (typeof ANNOTATION_KIND_NAMES)[number];

/**
 * An annotation with its kind by name: shown from `from` to `to` (seconds, [from, to)), placed in
 * percent of the frame (an ARROW points from (x, y) to (x + width, y + height)), a TEXT callout's
 * text and a "#rrggbb" colour ("" for the default red).
 */
export interface AnnotationFields<Kind = AnnotationKindName> {
  kind: Kind;
  from: number;
  to: number;
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
  color: string;
}

/** The name of `kind`; undefined for UNSPECIFIED and for numbers the enum does not define. */
export function annotationKindName(kind: AnnotationKind): AnnotationKindName | undefined {
  const name: string | undefined = AnnotationKind[kind];
  return ANNOTATION_KIND_NAMES.find((known) => known === name);
}

/** The fields of a message; `kind` is undefined where the message names no kind this contract knows. */
export function annotationFieldsOf(message: Annotation): AnnotationFields<AnnotationKindName | undefined> {
  const { fromSeconds: from, toSeconds: to, x, y, width, height, text, color } = message;
  return { kind: annotationKindName(message.kind), from, to, x, y, width, height, text, color };
}

/** The message of `fields` (for `create(AnnotationSchema, …)` or a response). */
export function annotationInitOf(fields: AnnotationFields): MessageInitShape<typeof AnnotationSchema> {
  const { kind, from, to, x, y, width, height, text, color } = fields;
  return { kind: AnnotationKind[kind], fromSeconds: from, toSeconds: to, x, y, width, height, text, color };
}
