import { ResumableUploadError, type ResumableClient } from './resumable-upload-client';

/** The size of each PATCH of a chosen file: small enough to resume without resending much. */
export const FILE_CHUNK_BYTES = 8 * 1024 * 1024;

/** The title a file becomes: its name without the extension ("IMG_0001.MOV" → "IMG_0001"). */
export function titleOfFileName(name: string): string {
  return name.replace(/\.[^./\\]{1,8}$/, '').trim();
}

/**
 * Uploads a whole file (MP4, MOV, WebM, MKV) through the resumable uploads recordings
 * use: created with its name as the title, sent in chunks (each retried through network loss by
 * the client), then finished, which queues its processing. Resolves with the new video's id.
 */
export async function uploadFile(
  client: ResumableClient,
  file: Blob & { readonly name: string },
  chunkBytes = FILE_CHUNK_BYTES,
): Promise<string> {
  const upload = await client.create({ title: titleOfFileName(file.name) });
  try {
    for (let from = upload.offset; from < file.size; from += chunkBytes) {
      await upload.append(file.slice(from, Math.min(file.size, from + chunkBytes)), from);
    }
    await upload.finish();
  } catch (error) {
    // A refused file is gone on the server already; anything else leaves an upload to resume, which
    // a file picked in a page cannot: give it up so no unfinished video stays behind.
    if (!(error instanceof ResumableUploadError && error.code === 'refused'))
      await upload.discard().catch(() => undefined);
    throw error;
  }
  return upload.videoId;
}

/** What a person reads when a file could not be uploaded. */
export function fileUploadFailure(error: unknown): string {
  if (error instanceof ResumableUploadError) {
    if (error.status === 415) return 'Not a video file: Stream takes WebM, MKV, MP4 or MOV';
    if (error.code === 'too-large') return 'The file is larger than this server accepts';
    if (error.code === 'quota-exceeded') return error.message;
    if (error.code === 'unauthenticated') return 'Your session expired: sign in again';
    if (error.code === 'aborted') return 'Cancelled';
    return error.message;
  }
  return 'The upload failed';
}
