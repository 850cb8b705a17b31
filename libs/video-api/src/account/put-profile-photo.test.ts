import { describe, expect, it, vi } from 'vitest';
import { PROFILE_PHOTO_MAX_BYTES, putProfilePhoto } from './put-profile-photo';

const token = async () => 'id-token';
const answering = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('putProfilePhoto', () => {
  it('PUTs the picture with the token and answers its URL', async () => {
    const fetch = answering(200, { photoUrl: '/api/photos/x.jpg?signature=s' });
    const file = new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' });
    await expect(putProfilePhoto(file, token, { fetch })).resolves.toBe('/api/photos/x.jpg?signature=s');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/account/photo');
    expect(init.method).toBe('PUT');
    expect(init.headers).toMatchObject({ authorization: 'Bearer id-token', 'content-type': 'image/png' });
  });

  it('refuses a picture over 5 MB before sending a byte', async () => {
    const fetch = answering(200, {});
    const big = new Blob([new Uint8Array(PROFILE_PHOTO_MAX_BYTES + 1)]);
    await expect(putProfilePhoto(big, token, { fetch })).rejects.toThrow('A photo can be at most 5 MB.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says the server's refusal in words", async () => {
    const file = new Blob(['text'], { type: 'text/plain' });
    const notImage = answering(400, { message: 'x', reason: 'ACCOUNT_REFUSAL_REASON_PHOTO_NOT_IMAGE' });
    await expect(putProfilePhoto(file, token, { fetch: notImage })).rejects.toThrow(/not a picture/);
    await expect(putProfilePhoto(file, token, { fetch: answering(401, {}) })).rejects.toThrow(/Session expired/);
    await expect(putProfilePhoto(file, token, { fetch: answering(500, {}) })).rejects.toThrow(/could not be saved/);
  });
});
