/** The signed-in person as the app sees them (SPEC §3 Session). */
export interface SessionUser {
  id: string;
  email: string | null;
  name: string | null;
  photoURL: string | null;
}

/** What a successful sign-in resolves to (SPEC §3: "A login success result contains user and token"). */
export interface LoginResult {
  user: SessionUser;
  token: string;
}
