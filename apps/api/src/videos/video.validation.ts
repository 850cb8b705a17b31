import type { FieldMask } from '@bufbuild/protobuf/wkt';
import {
  invalid,
  UpdateVideoRequestSchema,
  validExpiry,
  validId,
  validPage,
  validSourceUrl,
  VideoSchema,
} from '@stream/proto';
import type { VideoVisibility } from './video';
import { visibilityFromProto } from './video.message';

// The field checks the fakes of @stream/video-api/testing share live in @stream/proto.
export { validDescription as description, validTitle as title } from '@stream/proto';

export const videoId = (value: string): string => validId('video_id', value);

export function visibility(value: number): VideoVisibility {
  const known = visibilityFromProto[value];
  if (!known) throw invalid(`visibility ${value} is not a known Visibility`);
  return known;
}

/** An http(s) address of a video hosted elsewhere, or undefined when empty. */
export const sourceUrl = (value: string): string | undefined => validSourceUrl(value) || undefined;

export const page = validPage;

/** Seconds until a link expires: unset keeps the current expiry, 0 is never, at most ten years. */
export function expireAfterSeconds(value: bigint | undefined): number | undefined {
  const seconds = validExpiry(value);
  return seconds === undefined ? undefined : Number(seconds);
}

export const shareToken = (value: string): string => validId('share_token', value);

/** A viewer id a browser keeps: 1 to 64 of A-Z a-z 0-9 _ -. Required when signed out. */
export function viewerId(value: string, signedIn: boolean): string {
  if (!value && signedIn) return '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value))
    throw invalid('viewer_id must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -');
  return value;
}

/** The fields UpdateVideo changes, by their names in UpdateVideoRequest: what its update_mask may name. */
export const UPDATABLE_FIELDS = ['title', 'description', 'visibility', 'default_playback_rate', 'chapters'] as const;
/** Fields only a mask naming them changes ("*" is the five above, as before they came). */
const NAMED_ONLY_FIELDS = ['spoken_language'] as const;
export type UpdatableField = (typeof UPDATABLE_FIELDS)[number] | (typeof NAMED_ONLY_FIELDS)[number];

/** A spoken language: two lowercase letters (ISO 639-1), or '' to let the engine detect it. */
export function spokenLanguage(value: string): string {
  if (!/^([a-z]{2})?$/.test(value))
    throw invalid(
      `spoken_language must be two lowercase letters (ISO 639-1, e.g. "de") or empty, not ${JSON.stringify(value.slice(0, 20))}`,
    );
  return value;
}

/** Fields a mask may not name, by who changes them instead; any other Video field is the server's to set. */
const CHANGED_ELSEWHERE: ReadonlyMap<string, string> = new Map([
  ['video_id', 'it names the video'],
  ['id', 'it names the video'],
  ['update_mask', 'it is the mask itself'],
  ['folder_id', 'LibraryService.UpdateVideos moves videos'],
  ['tags', 'LibraryService.UpdateVideos tags videos'],
  ['kept_ranges', 'EditService.SaveEdits changes them'],
  ['captions_url', 'EditService.SetCaptions changes them'],
]);
const videoFields = new Set([...VideoSchema.fields, ...UpdateVideoRequestSchema.fields].map((field) => field.name));

/**
 * The fields an update_mask names (AIP-134); undefined when it is unset, which is the spec's full
 * replacement. "*" names every updatable field. A mask naming nothing, an unknown field, a
 * sub-field or a field UpdateVideo cannot change is invalid_argument.
 */
export function updateMask(mask: FieldMask | undefined): ReadonlySet<UpdatableField> | undefined {
  if (!mask) return undefined;
  if (mask.paths.length === 0)
    throw invalid('update_mask names no field: name the fields to change, or leave it unset to replace them all');
  const fields = new Set<UpdatableField>();
  for (const path of mask.paths) {
    if (path === '*') UPDATABLE_FIELDS.forEach((field) => fields.add(field));
    else if ([...UPDATABLE_FIELDS, ...NAMED_ONLY_FIELDS].includes(path as UpdatableField))
      fields.add(path as UpdatableField);
    else throw invalid(`update_mask: ${unchangeable(path)}; UpdateVideo changes ${UPDATABLE_FIELDS.join(', ')}`);
  }
  return fields;
}

function unchangeable(path: string): string {
  const shown = JSON.stringify(path.length > 64 ? `${path.slice(0, 64)}…` : path);
  const field = path.split('.')[0]!;
  if ((UPDATABLE_FIELDS as readonly string[]).includes(field)) return `${shown} names a part of a field; name ${field}`;
  const elsewhere = CHANGED_ELSEWHERE.get(path);
  if (elsewhere) return `${path} cannot be changed here (${elsewhere})`;
  if (videoFields.has(path)) return `${path} is set by the server and cannot be changed`;
  return `${shown} is not a field`;
}
