import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { FieldMaskSchema } from '@bufbuild/protobuf/wkt';
import type { UpdateVideoRequestSchema } from '@stream/proto';

export type UpdateVideoInput = MessageInitShape<typeof UpdateVideoRequestSchema>;

/** UpdateVideo's changeable fields: the request's property and its name in an update_mask. */
const MASK_PATHS = {
  title: 'title',
  description: 'description',
  visibility: 'visibility',
  defaultPlaybackRate: 'default_playback_rate',
  chapters: 'chapters',
  spokenLanguage: 'spoken_language',
} as const satisfies Partial<Record<keyof UpdateVideoInput, string>>;

/**
 * The request with an update_mask naming the fields it was given (AIP-134), so only those change:
 * a request with a title alone renames the video and keeps its description and visibility, where
 * the spec's maskless UpdateVideo would blank and privatise them. A mask already given is kept.
 */
export function withUpdateMask(input: UpdateVideoInput): UpdateVideoInput {
  if (input.updateMask) return input;
  const paths = Object.entries(MASK_PATHS)
    .filter(([field]) => input[field as keyof typeof MASK_PATHS] !== undefined)
    .map(([, path]) => path);
  return { ...input, updateMask: create(FieldMaskSchema, { paths }) };
}
