import { createContextKey } from '@connectrpc/connect';

/** The verified caller: the uid of a Firebase ID token. */
export interface User {
  uid: string;
  email?: string;
  /** The token's `email_verified`: the person proved the address is theirs (ADMIN_EMAILS and sign-up domains ask it). */
  emailVerified?: boolean;
  /** The token's `name` claim (the display name), shown to viewers of the user's videos; never the email. */
  name?: string;
  /** The token's `picture` claim (an http(s) URL), for the users table. */
  photoUrl?: string;
  /** The id of the personal API key the call came with; undefined for an ID token. */
  apiKeyId?: string;
  /** With `apiKeyId`: what the key may do (`access/api-key-scope.ts` decides each call). */
  apiKeyScope?: 'read' | 'read_write';
  /** When the ID token stops being good (its `exp`): a live stream it opened ends then. Undefined for an API key. */
  expiresAt?: Date;
}

/** Set by the auth interceptor; undefined for a signed-out call to a method that allows one. */
export const kUser = createContextKey<User | undefined>(undefined, { description: 'signed-in user' });
