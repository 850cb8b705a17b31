/** The avatar's letter: the first letter of the display name, else "U". */
export const avatarLetter = (name?: string | null) => (name?.trim()?.[0] ?? 'U').toUpperCase();
