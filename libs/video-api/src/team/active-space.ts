// No proto import: the side navigation reads this on every signed-in page (the first page's bundle).

/** The space /videos shows: the personal library (id '') or a team. */
export interface ActiveSpace {
  id: string;
  name: string;
}

export const PERSONAL_SPACE: ActiveSpace = { id: '', name: 'Personal' };
const KEY = 'stream.activeSpace';

/** The space chosen last in this tab (session storage: a reload keeps it, a new tab starts personal). */
export function rememberedSpace(): ActiveSpace {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<ActiveSpace> | null;
    return typeof saved?.id === 'string' && saved.id && typeof saved.name === 'string'
      ? { id: saved.id, name: saved.name }
      : PERSONAL_SPACE;
  } catch {
    return PERSONAL_SPACE;
  }
}

export function rememberSpace(space: ActiveSpace): void {
  try {
    if (space.id) sessionStorage.setItem(KEY, JSON.stringify(space));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the URL still carries the space.
  }
}
