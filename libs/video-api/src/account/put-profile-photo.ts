import { accountRefusalSentence } from './account-error-message';

/** The largest picture the API takes as a profile photo (apps/api PHOTO_MAX_BYTES). */
export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Sends `file` as the caller's profile photo (`PUT /api/account/photo`); resolves with its URL.
 * Rejects with an Error whose message is a sentence for the person: a file over 5 MB is refused
 * here, before a byte is sent.
 */
export async function putProfilePhoto(
  file: Blob,
  getToken: () => Promise<string | null | undefined>,
  options: { baseUrl?: string; fetch?: typeof fetch } = {},
): Promise<string> {
  if (file.size > PROFILE_PHOTO_MAX_BYTES) throw new Error(accountRefusalSentence('PHOTO_TOO_LARGE') ?? 'Too large');
  const token = await getToken();
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(`${options.baseUrl ?? ''}/api/account/photo`, {
      method: 'PUT',
      headers: {
        'content-type': file.type || 'application/octet-stream',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: file,
    });
  } catch {
    throw new Error('No internet connection. Please check your network.');
  }
  const answer = (await response.json().catch(() => ({}))) as { photoUrl?: string; message?: string; reason?: string };
  if (response.ok && answer.photoUrl) return answer.photoUrl;
  if (response.status === 401) throw new Error('Session expired. Please login again.');
  throw new Error(accountRefusalSentence(answer.reason) ?? 'The photo could not be saved. Please try again.');
}
