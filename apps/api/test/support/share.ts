/** The token of a share link ShareVideo answered: `<origin>/s/<token>`. */
export function shareTokenOf(url: string): string {
  const match = /^\/s\/([A-Za-z0-9_-]+)$/.exec(new URL(url).pathname);
  if (!match) throw new Error(`not a share link: ${url}`);
  return match[1]!;
}
