/** Every sign-in action resolves to one of these; it never throws for things a person can cause. */
export type Outcome<T> = { ok: true; value: T } | Failure;

export interface Failure {
  ok: false;
  /** What to show, word for word; null when nothing should be shown (the person closed a popup). */
  message: string | null;
  /** The `auth/...` code when the identity provider refused, absent for local validation. */
  code?: string;
}

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const fail = (message: string | null, code?: string): Failure => ({
  ok: false,
  message,
  ...(code ? { code } : {}),
});
