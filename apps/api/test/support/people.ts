import { newTestUser } from './test-tokens';
import { videoClient } from './clients';
import { conversationClient } from './conversation-client';
import { editClient } from './edit-client';
import { libraryClient } from './library-client';
import { teamClient } from './team-client';

/** A new person signed in with a test token (test-tokens.ts; `emulatorHost` is not asked), with a client of each service at `baseUrl`. */
export async function signedInPerson(baseUrl: string, emulatorHost: string, displayName?: string) {
  const user = await newTestUser(emulatorHost, displayName === undefined ? {} : { displayName });
  const token = user.idToken;
  return {
    user,
    videos: videoClient(baseUrl, { token }),
    teams: teamClient(baseUrl, token),
    library: libraryClient(baseUrl, token),
    edits: editClient(baseUrl, token),
    /** The video's conversation, as this person and (optionally) the holder of a share link. */
    talk: (shareToken?: string) => conversationClient(baseUrl, { token, ...(shareToken ? { shareToken } : {}) }),
  };
}

export type Person = Awaited<ReturnType<typeof signedInPerson>>;
