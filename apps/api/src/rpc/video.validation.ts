import type { FieldMask } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError } from '@connectrpc/connect';
import { UpdateVideoRequestSchema, VideoSchema } from '@stream/proto';
import type { VideoVisibility } from '../services/video';
import {
  DEFAULT_PAGE_SIZE,
  MAX_DESCRIPTION_LENGTH,
  MAX_PAGE_SIZE,
  MAX_SHARE_SECONDS,
  MAX_TITLE_LENGTH,
} from '../services/video';
import { visibilityFromProto } from '../wire/video.message';

const invalid = (message: string) => new ConnectError(message, Code.InvalidArgument);

/** PostgreSQL text cannot hold NUL, and no title, description, id or URL needs one. */
function withoutNul(field: string, value: string): string {
  if (value.includes('\0')) throw invalid(`${field} must not contain NUL characters`);
  return value;
}

export function videoId(value: string): string {
  const id = withoutNul('video_id', value).trim();
  if (!id) throw invalid('video_id is required');
  if (id.length > 128) throw invalid('video_id is too long');
  return id;
}

export function title(value: string): string {
  const text = withoutNul('title', value).trim();
  if (text.length > MAX_TITLE_LENGTH) throw invalid(`title must be at most ${MAX_TITLE_LENGTH} characters`);
  return text;
}

export function description(value: string): string {
  withoutNul('description', value);
  if (value.length > MAX_DESCRIPTION_LENGTH)
    throw invalid(`description must be at most ${MAX_DESCRIPTION_LENGTH} characters`);
  return value;
}

export function visibility(value: number): VideoVisibility {
  const known = visibilityFromProto[value];
  if (!known) throw invalid(`visibility ${value} is not a known Visibility`);
  return known;
}

/** An http(s) address of a video hosted elsewhere, or undefined when empty. */
export function sourceUrl(value: string): string | undefined {
  if (!value) return undefined;
  withoutNul('url', value);
  // The URL parser silently drops tabs, CR and LF, so without this check an address holding a
  // line break would be stored, and later written into pages and headers, as it was sent.
  if ([...value].some((char) => char < ' ' || char === '\x7f'))
    throw invalid('url must not contain control characters (line breaks, tabs)');
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw invalid('url must be an absolute http(s) URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw invalid('url must be an absolute http(s) URL');
  if (value.length > 2048) throw invalid('url must be at most 2048 characters');
  return value;
}

/** Page size 0 means the default (10); larger than 100 is capped. Negative numbers are refused. */
export function page(pageSize: number, pageNumber: number): { size: number; number: number } {
  if (pageSize < 0) throw invalid('page_size must not be negative');
  if (pageNumber < 0) throw invalid('page_number must not be negative');
  return { size: Math.min(pageSize || DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE), number: pageNumber };
}

/** Seconds until a link expires: unset keeps the current expiry, 0 is never, at most ten years. */
export function expireAfterSeconds(value: bigint | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (value < 0n) throw invalid('expire_after_seconds must not be negative');
  if (value > BigInt(MAX_SHARE_SECONDS))
    throw invalid(`expire_after_seconds must be at most ${MAX_SHARE_SECONDS} (ten years)`);
  return Number(value);
}

export function shareToken(value: string): string {
  const token = withoutNul('share_token', value).trim();
  if (!token) throw invalid('share_token is required');
  if (token.length > 128) throw invalid('share_token is too long');
  return token;
}

/** A viewer id a browser keeps: 1 to 64 of A-Z a-z 0-9 _ -. Required when signed out. */
export function viewerId(value: string, signedIn: boolean): string {
  if (!value && signedIn) return '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value))
    throw invalid('viewer_id must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -');
  return value;
}

/** The fields UpdateVideo changes, by their names in UpdateVideoRequest: what its update_mask may name. */
export const UPDATABLE_FIELDS = ['title', 'description', 'visibility', 'default_playback_rate', 'chapters'] as const;
export type UpdatableField = (typeof UPDATABLE_FIELDS)[number];

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
    else if ((UPDATABLE_FIELDS as readonly string[]).includes(path)) fields.add(path as UpdatableField);
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
