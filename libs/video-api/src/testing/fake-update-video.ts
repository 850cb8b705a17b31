import type { MessageInitShape } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import {
  MAX_TITLE_LENGTH,
  type UpdateVideoRequest,
  UpdateVideoRequestSchema,
  VideoSchema,
  Visibility,
} from '@stream/proto';

const UPDATABLE = ['title', 'description', 'visibility', 'default_playback_rate', 'chapters'] as const;
const known = new Set([...VideoSchema.fields, ...UpdateVideoRequestSchema.fields].map((field) => field.name));
const invalid = (message: string) => new ConnectError(message, Code.InvalidArgument);

/** The real service's update_mask reading: unset is undefined, "*" all five, anything else refused. */
function maskedFields(request: UpdateVideoRequest): Set<string> | undefined {
  if (!request.updateMask) return undefined;
  if (request.updateMask.paths.length === 0) throw invalid('update_mask names no field');
  const fields = new Set<string>();
  for (const path of request.updateMask.paths) {
    if (path === '*') UPDATABLE.forEach((field) => fields.add(field));
    else if ((UPDATABLE as readonly string[]).includes(path) || path === 'spoken_language') fields.add(path);
    else if (known.has(path)) throw invalid(`update_mask: ${path} cannot be changed by UpdateVideo`);
    else throw invalid(`update_mask: ${JSON.stringify(path)} is not a field`);
  }
  return fields;
}

/**
 * The fields of a video an UpdateVideo request changes, checked as the real service checks them
 * (docs/architecture.md): with an update_mask only the named ones, each to the request's value;
 * without one the spec's full replacement, where an empty title, unset chapters and an unset speed
 * keep theirs.
 */
export function fakeUpdateVideo(request: UpdateVideoRequest): MessageInitShape<typeof VideoSchema> {
  const mask = maskedFields(request);
  const title = request.title.trim();
  if (title.length > MAX_TITLE_LENGTH) throw invalid(`title must be at most ${MAX_TITLE_LENGTH} characters`);
  if (Visibility[request.visibility] === undefined) throw invalid(`visibility ${request.visibility} is not known`);
  const named = (field: (typeof UPDATABLE)[number]) => mask === undefined || mask.has(field);
  if (mask?.has('title') && !title) throw invalid('title must not be empty');
  const rate = request.defaultPlaybackRate ?? (mask ? 0 : undefined);
  if (named('default_playback_rate') && rate !== undefined && rate !== 0 && !(rate >= 0.5 && rate <= 2))
    throw invalid('default_playback_rate must be 0 (normal) or from 0.5 to 2');
  const chapters = request.chapters?.chapters ?? (mask ? [] : undefined);
  // Only a mask naming it, or a maskless request that sets it, changes the language.
  const language = mask
    ? mask.has('spoken_language')
      ? (request.spokenLanguage ?? '')
      : undefined
    : request.spokenLanguage;
  if (language !== undefined && !/^([a-z]{2})?$/.test(language))
    throw invalid('spoken_language must be two lowercase letters (ISO 639-1) or empty');
  return {
    ...(named('title') && title ? { title } : {}),
    ...(named('description') ? { description: request.description } : {}),
    ...(named('visibility') ? { visibility: request.visibility } : {}),
    ...(named('default_playback_rate') && rate !== undefined ? { defaultPlaybackRate: rate } : {}),
    ...(language !== undefined ? { spokenLanguage: language } : {}),
    ...(named('chapters') && chapters !== undefined
      ? {
          chapters: chapters
            .map(({ seconds, title: name }) => ({ seconds, title: name.trim() }))
            .sort((a, b) => a.seconds - b.seconds),
        }
      : {}),
  };
}
