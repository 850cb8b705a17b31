/** The signed-in person as the app sees them (docs/product.md, Data: Session). */
export interface SessionUser {
  id: string;
  email: string | null;
  name: string | null;
  photoURL: string | null;
}

/** What a successful sign-in resolves to (docs/product.md, Data: Session). */
export interface LoginResult {
  user: SessionUser;
  token: string;
}
